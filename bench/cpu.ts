import { readFileSync } from 'node:fs';

/**
 * The machine's busy CPU time so far, in ms, every core and process (from /proc/stat): read around a
 * run, it gives what each request cost the whole machine — server, database and load generator.
 */
export function machineBusyMs(): number {
  const [, user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .map(Number);
  const msPerTick = 10; // USER_HZ, 100 on Linux
  return (user + nice + system + irq + softirq) * msPerTick;
}
