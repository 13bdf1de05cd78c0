import type { Storage } from '../adapters/storage/index.ts';
import { invalid } from './http-error.ts';
import { checkUpload, decodeDataUrl, isDataUrl, limits } from './uploads.ts';

/**
 * An image field as it will be stored: a data URL (PNG or JPEG, checked by content) becomes a file
 * of ours; '' means none; a URL this server already serves is kept as it is.
 */
export async function storeImage(storage: Storage, value: string, field: string): Promise<string> {
  if (value === '' || /^\/api\/files\/[0-9a-f-]{36}\.(png|jpg)$/.test(value)) return value;
  if (!isDataUrl(value))
    throw invalid('Upload the image as a PNG or JPEG file.', { [field]: 'must be an uploaded image' });
  const data = decodeDataUrl(value, field);
  return storage.put(data, checkUpload(data, ['image/png', 'image/jpeg'], limits.image, field));
}
