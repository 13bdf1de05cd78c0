import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text of the QR code in a screenshot, read as a phone's scanner reads it; null when none is found. */
export function readQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}
