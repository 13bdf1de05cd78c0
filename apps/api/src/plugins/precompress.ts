import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const compressible = /\.(js|css|html|svg|json|txt)$/;
/** Below this, compression saves less than a round trip's worth of bytes. */
const minBytes = 1024;
const encoders = [
  ['.br', (b: Buffer) => promisify(brotliCompress)(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })],
  ['.gz', (b: Buffer) => promisify(gzip)(b, { level: 9 })],
] as const;

/**
 * Writes brotli and gzip copies beside the built SPA's text files, once, so the static server sends
 * them as they are instead of compressing on every request (a rebuilt file gets fresh copies, since a
 * copy older than its file is rewritten). A folder we may not write to is served uncompressed.
 */
export async function precompress(dir: string) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = await stat(file);
    if (source.size < minBytes) continue;
    for (const [suffix, encode] of encoders) {
      const copy = await stat(file + suffix).catch(() => null);
      if (copy && copy.mtimeMs >= source.mtimeMs) continue;
      // Written aside and renamed, so a server starting beside us never sends half a file.
      const partial = `${file}${suffix}.${process.pid}.tmp`;
      await writeFile(partial, await encode(await readFile(file)));
      await rename(partial, file + suffix);
    }
  }
}
