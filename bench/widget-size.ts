/**
 * The embeddable widget's weight on a partner's page: builds apps/widget and measures its scripts as
 * served (gzip, what our server sends) and as a CDN might (brotli). Budget: under 60 KB gzip for
 * widget.js, which every page loads, and under 60 KB for it and the seat chooser together, which only
 * a buyer who opens a seated event loads.
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
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const measure = (file: string) => {
    const raw = readFileSync(path.join(root, 'apps/widget/dist', file));
    return { file, raw: raw.length, gzip: gzipSync(raw).length, brotli: brotliCompressSync(raw).length };
  };
  const main = measure('widget.js');
  const seating = measure('widget-seating.js');
  const seated = main.gzip + seating.gzip;
  const verdict = (n: number) => (n <= widgetBudgetBytes ? 'met' : 'EXCEEDED');
  return {
    gzip: Math.max(main.gzip, seated),
    lines: [
      ...[main, seating].map((m) => `${m.file}: ${kb(m.raw)} minified, ${kb(m.gzip)} gzip, ${kb(m.brotli)} brotli`),
      `every page (widget.js): ${kb(main.gzip)} gzip (budget ${kb(widgetBudgetBytes)}: ${verdict(main.gzip)})`,
      `a seated event (widget.js + widget-seating.js): ${kb(seated)} gzip (budget ${kb(widgetBudgetBytes)}: ${verdict(seated)})`,
    ],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { lines, gzip } = benchWidgetSize();
  for (const line of lines) console.log(line);
  if (gzip > widgetBudgetBytes) process.exitCode = 1;
}
