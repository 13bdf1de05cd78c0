import { maxFontBytes, type fontFormats } from '@portal/contract';
import { HttpError, invalid } from '../../lib/http-error.ts';
import { decodeDataUrl } from '../../lib/uploads.ts';

type FontType = (typeof fontFormats)[keyof typeof fontFormats];

/** A font file's real format from its first bytes (WOFF2, WOFF, TrueType or OpenType), or null. */
export function sniffFont(data: Buffer): FontType | null {
  if (data.length < 4) return null;
  const tag = data.subarray(0, 4);
  if (tag.toString('latin1') === 'wOF2') return 'font/woff2';
  if (tag.toString('latin1') === 'wOFF') return 'font/woff';
  // sfnt: TrueType outlines (0x00010000 or Apple's 'true'), or CFF outlines ('OTTO').
  if (tag.readUInt32BE(0) === 0x00010000 || ['true', 'OTTO'].includes(tag.toString('latin1'))) return 'font/ttf';
  return null;
}

/** Decodes an uploaded font and accepts it only if its content is a font within the size limit. */
export function checkFont(dataUrl: string): { data: Buffer; type: FontType } {
  const data = decodeDataUrl(dataUrl, 'file');
  if (data.length > maxFontBytes) {
    throw new HttpError(413, 'payload_too_large', `The font is larger than ${maxFontBytes / 1024 / 1024} MB.`, {
      file: 'too large',
    });
  }
  const type = sniffFont(data);
  if (!type) throw invalid('The file must be a WOFF2, WOFF or TTF font.', { file: 'must be WOFF2, WOFF or TTF' });
  return { data, type };
}
