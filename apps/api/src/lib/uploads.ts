import { invalid, HttpError } from './http-error.ts';

export type Sniffed = 'image/png' | 'image/jpeg' | 'application/pdf';

/** The file's real type from its first bytes, whatever its name or declared type says. */
export function sniff(data: Buffer): Sniffed | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

export const limits = { image: 5 * 1024 * 1024, document: 10 * 1024 * 1024 };

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[^;,]*)*;base64,([A-Za-z0-9+/=\s]*)$/;

export const isDataUrl = (value: string) => value.startsWith('data:');

/** Decodes a base64 data URL; the bytes are checked by the caller, never trusted by their label. */
export function decodeDataUrl(value: string, field: string): Buffer {
  const match = DATA_URL.exec(value);
  if (!match) throw invalid('The file could not be read. Choose it again.', { [field]: 'not a base64 data URL' });
  return Buffer.from(match[3]!, 'base64');
}

/**
 * Accepts bytes only if their content is one of the allowed types and they are within the limit.
 * Answers the type the storage port files them under.
 */
export function checkUpload(data: Buffer, allowed: Sniffed[], maxBytes: number, field: string): Sniffed {
  if (data.length > maxBytes) {
    throw new HttpError(413, 'payload_too_large', `The file is larger than ${maxBytes / 1024 / 1024} MB.`, {
      [field]: 'too large',
    });
  }
  const type = sniff(data);
  if (!type || !allowed.includes(type)) {
    const names = allowed.map((t) => (t === 'application/pdf' ? 'PDF' : t === 'image/png' ? 'PNG' : 'JPEG'));
    throw invalid(`The file must be a ${names.join(' or ')} file.`, { [field]: `must be ${names.join(' or ')}` });
  }
  return type;
}
