import qrcode from 'qrcode-generator';
import { PNG } from 'pngjs';

/** The dark and light modules of a QR code of the text (medium error correction, the size it needs). */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => qr.isDark(row, col)));
}

/**
 * The QR code as a black-on-white PNG, `scale` pixels a module, with the four-module quiet zone
 * scanners need around it.
 */
export function qrPng(text: string, scale = 6): Buffer {
  const modules = qrModules(text);
  const quiet = 4;
  const side = (modules.length + 2 * quiet) * scale;
  const png = new PNG({ width: side, height: side, colorType: 0, inputColorType: 0, bitDepth: 8 });
  png.data = Buffer.alloc(side * side, 255);
  modules.forEach((cells, row) =>
    cells.forEach((dark, col) => {
      if (!dark) return;
      for (let y = 0; y < scale; y++) {
        const start = ((row + quiet) * scale + y) * side + (col + quiet) * scale;
        png.data.fill(0, start, start + scale);
      }
    }),
  );
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, bitDepth: 8 });
}
