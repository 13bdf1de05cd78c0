import { describe, expect, it } from 'vitest';
import { readQrPng } from '../../test/qr-reader.ts';
import { qrPng } from './qr-code.ts';

describe('QR codes as PNG', () => {
  it('draws codes a scanner reads back, short and long, at any scale, one bit a pixel', () => {
    const pass = `PT1.42.ABCDEFGHJKMN.3.${'aZ_-9'.repeat(17)}`;
    for (const text of ['A', pass, 'x'.repeat(400)]) {
      for (const scale of [4, 6, 8]) expect(readQrPng(qrPng(text, scale))).toBe(text);
    }
    const png = qrPng(pass);
    // IHDR: width, height, bit depth 1, greyscale.
    expect(png.readUInt32BE(16)).toBe(png.readUInt32BE(20));
    expect([png[24], png[25]]).toEqual([1, 0]);
  });
});
