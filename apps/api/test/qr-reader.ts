import { createRequire } from 'node:module';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of the QR code in an RGBA image, or null: read as a phone's scanner reads it. */
export function readQr(rgba: Uint8ClampedArray, width: number, height: number): string | null {
  return jsQR(rgba, width, height)?.data ?? null;
}

/** The text of the QR code in a PNG. */
export function readQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return readQr(new Uint8ClampedArray(image.data), image.width, image.height);
}

/** The fonts a PDF's standard fonts (Helvetica …) are drawn with, as the library ships them. */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

type PdfImage = { width: number; height: number; data: Uint8ClampedArray };

/** A decoded PDF image as RGBA: one bit a pixel (rows padded to whole bytes, a set bit white), grey or colour. */
function toRgba({ width, height, data }: PdfImage): Uint8ClampedArray {
  const pixels = width * height;
  const rowBytes = Math.ceil(width / 8);
  const bits = data.length === rowBytes * height;
  const channels = data.length / pixels;
  const rgba = new Uint8ClampedArray(pixels * 4);
  for (let p = 0; p < pixels; p++) {
    const [x, y] = [p % width, Math.floor(p / width)];
    for (let c = 0; c < 3; c++)
      rgba[p * 4 + c] = bits
        ? (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1
          ? 255
          : 0
        : data[p * channels + (channels >= 3 ? c : 0)]!;
    rgba[p * 4 + 3] = 255;
  }
  return rgba;
}

/** A PDF opened as a reader opens it: its first page's text, and the QR codes its images hold. */
export async function readPdf(pdf: Buffer): Promise<{ pages: number; text: string; qrCodes: string[] }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, standardFontDataUrl }).promise;
  const page = await doc.getPage(1);
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  const ops = await page.getOperatorList();
  const qrCodes: string[] = [];
  for (const [i, fn] of ops.fnArray.entries()) {
    if (fn !== OPS.paintImageXObject) continue;
    const name = (ops.argsArray[i] as [string])[0];
    const image = await new Promise<PdfImage>((resolve) => page.objs.get(name, resolve));
    const found = readQr(toRgba(image), image.width, image.height);
    if (found) qrCodes.push(found);
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text, qrCodes };
}
