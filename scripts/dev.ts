import { spawn } from 'node:child_process';

// The API restarts on change (port 3000); Vite serves the SPA with hot reload on 5173 and proxies /api
// and /widget; the widget rebuilds on change. Mail is readable at /api/dev/outbox while the API listens
// on this machine only (the API refuses DEV_OUTBOX on any other host).
const loopback = ['localhost', '127.0.0.1', '::1'].includes(process.env.HOST ?? 'localhost');
const apiEnv = { ...process.env, DEV_OUTBOX: process.env.DEV_OUTBOX ?? String(loopback) };
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/api/src/server.ts'], { stdio: 'inherit', env: apiEnv }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/widget'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
