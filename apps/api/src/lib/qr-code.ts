import { crc32, deflateSync } from 'node:zlib';
import { correction, generate } from 'lean-qr';

const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + typed.length);
  out.writeUInt32BE(data.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE(crc32(typed), 4 + typed.length);
  return out;
}

/**
 * The QR code (medium error correction at least, the size it needs) as a black-on-white PNG, `scale`
 * pixels a module, with the four-module quiet zone scanners need around it. One bit a pixel and each
 * module's row written once then copied: every confirmation mail draws one per ticket, so in a rush
 * of sales this is the server's busiest work after the sales themselves.
 */
export function qrPng(text: string, scale = 6): Buffer {
  const code = generate(text, { minCorrectionLevel: correction.M });
  const quiet = 4;
  const side = (code.size + 2 * quiet) * scale;
  // Each row: the filter byte (0, none), then the pixels, a set bit white.
  const stride = 1 + Math.ceil(side / 8);
  const pixels = Buffer.alloc(stride * side, 0xff);
  for (let y = 0; y < side; y += scale) {
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    row[0] = 0;
    for (let x = quiet * scale; x < side - quiet * scale; x++) {
      if (code.get(Math.floor(x / scale) - quiet, y / scale - quiet)) row[1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
    for (let copy = 1; copy < scale; copy++) row.copy(pixels, (y + copy) * stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale; compression, filter and interlace stay 0
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
