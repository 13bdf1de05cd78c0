import { spawn } from 'node:child_process';

// The API restarts on change (port 3000); Vite serves the SPA with hot reload on 5173 and proxies /api
// and /widget; the widget rebuilds on change.
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/api/src/server.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/widget'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
