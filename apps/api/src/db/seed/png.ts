import { crc32, deflateSync } from 'node:zlib';

type Rgb = [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A small emblem for the demo data: a disc of one colour with a ring of another on a background.
 * Real PNG bytes, so the demo logos go through the same storage and checks as uploaded ones.
 */
export function emblemPng(size: number, background: Rgb, disc: Rgb, ring: Rgb): Buffer {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  const c = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - c, y - c) / c;
      const colour = d < 0.55 ? disc : d < 0.75 ? ring : background;
      raw.set(colour, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
