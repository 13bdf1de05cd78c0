import type { S3Settings } from '../../config.ts';
import type { FileStore } from './port.ts';

/** Files as objects in a bucket of Amazon S3 or any S3-compatible service, named by their key. */
export function createS3Store(settings: S3Settings): FileStore {
  // The SDK takes about a second to load: only an API that uses a bucket loads it, from the start.
  const connected = import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // The SDK's default CRC checksums on every call are refused by S3-compatible services that predate them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  }));
  const Bucket = settings.bucket;
  return {
    async write(Key, Body, ContentType) {
      const { sdk, client } = await connected;
      await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body, ContentType }));
    },
    async read(Key) {
      const { sdk, client } = await connected;
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (err) {
        // Only to a caller allowed s3:ListBucket; Amazon S3 answers others 403, which is an error here.
        if (err instanceof sdk.NoSuchKey) return null;
        throw err;
      }
    },
    async delete(Key) {
      const { sdk, client } = await connected;
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
  };
}
