import { cpus } from 'node:os';
import { benchAnalytics } from './analytics.ts';
import { checkoutRush, hotRowCeiling } from './checkout-rush.ts';
import { benchOrders } from './orders.ts';
import { benchSeedOrders } from './seed-orders.ts';
import { benchWidgetSize } from './widget-size.ts';

console.log(
  `Benchmarks on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${new Date().toISOString()}`,
);
console.log('\nData generator (npm run seed -- --orders N):');
for (const line of await benchSeedOrders()) console.log(`  ${line}`);

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
console.log('\nCheckout on PostgreSQL, one hot ticket type:');
const ceiling = await hotRowCeiling(20, seconds);
console.log(
  `  ceiling: pgbench, one conditional UPDATE on one row, ${ceiling.clients} clients: ${ceiling.tps.toFixed(0)} tps`,
);
const rush = await checkoutRush({ connections: 200, seconds, amount: 1_000_000 });
console.log(
  `  200 concurrent buyers for ${seconds} s: ${rush.perSecond.toFixed(0)} checkouts/s (${((rush.perSecond / ceiling.tps) * 100).toFixed(0)} % of the ceiling), p50 ${rush.p50} ms, p99 ${rush.p99} ms, ${rush.errors} errors, oversold ${rush.oversold}`,
);
const scarce = await checkoutRush({ connections: 200, amount: 50, requests: 200 });
console.log(
  `  200 buyers for 50 tickets: ${scarce.ok} sold, ${scarce.refused} refused, ${scarce.tickets} tickets written, oversold ${scarce.oversold}`,
);

console.log('\nAnalytics on PostgreSQL (sequential requests through the server):');
for (const line of await benchAnalytics()) console.log(`  ${line}`);

console.log('\nThe embeddable widget, the one script on partner pages:');
for (const line of benchWidgetSize().lines) console.log(`  ${line}`);

console.log('\nOrders, fans and the Bookings CSV on PostgreSQL (sequential requests through the server):');
for (const line of await benchOrders()) console.log(`  ${line}`);
