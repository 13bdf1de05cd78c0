import type { z } from 'zod';
import { PDF_DATA_URL } from '../seeders.ts';

/*
 * What the upload tests send: files that are what they say, and files that lie about what they are;
 * and the walk that finds every field of a body, so a new upload field is not left untested.
 */

export const dataUrl = (type: string, bytes: Buffer | string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
export const bytesOf = (url: string) => Buffer.from(url.split(',')[1]!, 'base64');
export const TTF = Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.alloc(60)]);
export const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';

/** Files that lie about what they are, or are plainly not what the field takes. */
export const impostors = {
  'a PNG label on HTML': dataUrl('image/png', '<!doctype html><script>alert(1)</script>'),
  'a PNG label on SVG': dataUrl('image/png', SVG),
  'a PNG label on an EXE': dataUrl('image/png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126)])),
  'an SVG with a script': dataUrl('image/svg+xml', SVG),
  'an HTML page': dataUrl('text/html', '<html><body onload="alert(1)"></body></html>'),
};
export const pdfAsJpeg = dataUrl('image/jpeg', bytesOf(PDF_DATA_URL));

/** Every field of a zod schema, nested ones as a.b (array items as a.*), so new upload fields are found. */
export function fieldsOf(schema: unknown, prefix = ''): string[] {
  const def = (schema as { _zod?: { def: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, inner]) => [
      `${prefix}${key}`,
      ...fieldsOf(inner, `${prefix}${key}.`),
    ]);
  }
  if (def.type === 'array') return fieldsOf(def.element, `${prefix}*.`);
  return fieldsOf(def.innerType ?? def.in, prefix);
}
