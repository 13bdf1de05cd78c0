import { execFileSync } from 'node:child_process';

const names = ['portal', 'smtp', 'mailbox', 'oidc'] as const;

/**
 * Four loopback ports the system has free now, asked of a child process because the config must know
 * them synchronously, before Playwright starts the servers.
 */
function freePorts(): string {
  const probe = `
    const net = require('node:net');
    const servers = ${names.length};
    Promise.all(Array.from({ length: servers }, () => new Promise((done) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => done(s));
    }))).then((all) => {
      process.stdout.write(all.map((s) => s.address().port).join(','));
      all.forEach((s) => s.close());
    });`;
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
}

// Chosen once, in the main process: its workers and servers inherit the variable, so every one of them
// agrees, and two suites on one machine never reach for the same port.
process.env.E2E_PORTS ??= freePorts();
const chosen = process.env.E2E_PORTS.split(',').map(Number);

/** The loopback ports of the browser tests' servers. */
export const ports = Object.fromEntries(names.map((name, i) => [name, chosen[i]])) as Record<
  (typeof names)[number],
  number
>;

export const oidcClient = { id: 'portal-e2e', secret: 'portal-e2e-secret' };
