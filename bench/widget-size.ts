/**
 * The embeddable widget's weight on a partner's page: builds apps/widget and measures its one script
 * as served (gzip, what our server sends) and as a CDN might (brotli). Budget: under 60 KB gzip.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const widgetBudgetBytes = 60 * 1024;

export function benchWidgetSize() {
  execFileSync('npm', ['run', 'build', '-w', 'apps/widget'], { cwd: root, stdio: 'ignore' });
  const raw = readFileSync(path.join(root, 'apps/widget/dist/widget.js'));
  const gzip = gzipSync(raw).length;
  const brotli = brotliCompressSync(raw).length;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return {
    raw: raw.length,
    gzip,
    brotli,
    lines: [
      `widget.js: ${kb(raw.length)} minified, ${kb(gzip)} gzip, ${kb(brotli)} brotli` +
        ` (budget ${kb(widgetBudgetBytes)} gzip: ${gzip <= widgetBudgetBytes ? 'met' : 'EXCEEDED'})`,
    ],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { lines, gzip } = benchWidgetSize();
  for (const line of lines) console.log(line);
  if (gzip > widgetBudgetBytes) process.exitCode = 1;
}
