import { cpus } from 'node:os';
import { benchSeedOrders } from './seed-orders.ts';

console.log(
  `Benchmarks on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${new Date().toISOString()}`,
);
console.log('\nData generator (npm run seed -- --orders N):');
for (const line of await benchSeedOrders()) console.log(`  ${line}`);
