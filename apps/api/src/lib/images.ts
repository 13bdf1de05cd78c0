import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../adapters/storage/index.ts';
import { invalid } from './http-error.ts';
import { checkUpload, decodeDataUrl, isDataUrl, limits, type Sniffed } from './uploads.ts';

/** An image field once checked: a URL to keep as it is, or the bytes of a new file to store. */
export type CheckedImage = { keep: string } | { data: Buffer; type: Sniffed };

/**
 * Checks an image field without storing anything: a data URL (PNG or JPEG, checked by content) is a
 * new file; '' means none; a URL this server already serves is kept as it is.
 */
export function checkImage(value: string, field: string): CheckedImage {
  if (value === '' || /^\/api\/files\/[0-9a-f-]{36}\.(png|jpg)$/.test(value)) return { keep: value };
  if (!isDataUrl(value))
    throw invalid('Upload the image as a PNG or JPEG file.', { [field]: 'must be an uploaded image' });
  const data = decodeDataUrl(value, field);
  return { data, type: checkUpload(data, ['image/png', 'image/jpeg'], limits.image, field) };
}

/** Stores a checked image and answers the URL the field keeps. */
async function saveImage(storage: Storage, image: CheckedImage): Promise<string> {
  return 'keep' in image ? image.keep : storage.put(image.data, image.type);
}

/** An image field as it will be stored; see checkImage. */
export async function storeImage(storage: Storage, value: string, field: string): Promise<string> {
  return saveImage(storage, checkImage(value, field));
}

/**
 * Stores checked images and runs the change that refers to them by URL; if the change is refused, the
 * files stored for it are removed again, so none is left behind. A file that cannot be removed is
 * logged: the refusal stays the answer.
 */
export async function withStoredImages<T>(
  storage: Storage,
  log: FastifyBaseLogger,
  images: CheckedImage[],
  change: (urls: string[]) => Promise<T>,
): Promise<T> {
  const urls = await Promise.all(images.map((image) => saveImage(storage, image)));
  try {
    return await change(urls);
  } catch (err) {
    const stored = urls.filter((_, i) => 'data' in images[i]!);
    for (const url of stored) {
      await storage.remove(url).catch((removal: unknown) => log.error({ err: removal, url }, 'a stored file was left'));
    }
    throw err;
  }
}
