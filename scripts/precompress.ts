/**
 * Writes brotli and gzip copies beside the built SPA's text files, so the server sends them as they
 * are instead of compressing on every request. Runs at the end of apps/web's build, on the folder
 * Vite has just emptied and filled, so a copy is never older than its file and the server never
 * writes into the folder it serves:
 *   node --import tsx scripts/precompress.ts apps/web/dist
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const compressible = /\.(js|css|html|svg|json|txt)$/;
/** Below this, compression saves less than a round trip's worth of bytes. */
const minBytes = 1024;
const encoders = [
  ['.br', (b: Buffer) => promisify(brotliCompress)(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })],
  ['.gz', (b: Buffer) => promisify(gzip)(b, { level: 9 })],
] as const;

/** Answers how many files got copies. */
export async function precompress(dir: string) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  let compressed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await stat(file)).size < minBytes) continue;
    const content = await readFile(file);
    for (const [suffix, encode] of encoders) await writeFile(file + suffix, await encode(content));
    compressed++;
  }
  return compressed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: precompress.ts <built folder>');
  console.log(`${await precompress(dir)} files in ${dir} have brotli and gzip copies`);
}
