import { cpus, loadavg } from 'node:os';
import { benchAnalytics } from './analytics.ts';
import { benchCheckout } from './checkout-rush.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchOrders } from './orders.ts';
import { benchSeedOrders } from './seed-orders.ts';
import { benchThroughput } from './throughput.ts';
import { benchWebBundle } from './web-bundle.ts';
import { benchWidgetSize } from './widget-size.ts';

const print = (lines: string[]) => {
  for (const line of lines) console.log(`  ${line}`);
};

console.log(
  `Benchmarks on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${new Date().toISOString()}, ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
console.log('\nData generator (npm run seed -- --orders N):');
print(await benchSeedOrders());

console.log('\nThroughput under concurrent load, beside a bare Fastify route (autocannon in its own process):');
print(await benchThroughput());

console.log('\nCheckout on PostgreSQL, one hot ticket type:');
print(await benchCheckout());

console.log('\nAnalytics on PostgreSQL (sequential requests through the server):');
print(await benchAnalytics());

console.log('\nOrders, fans and the Bookings CSV on PostgreSQL (sequential requests through the server):');
print(await benchOrders());

console.log('\nThe embeddable widget, the one script on partner pages:');
print(benchWidgetSize().lines);

console.log("\nThe portal's JavaScript on a first visit, per route (gzip):");
const bundle = benchWebBundle();
print(bundle.lines);

console.log('\nLighthouse performance, the real server and the built portal in Chromium:');
print(await benchLighthouse(bundle.outDir));
