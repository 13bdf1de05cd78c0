import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config.ts';

/**
 * A real S3-protocol server (s3rver) on a free port, keeping its objects in a temporary folder, with one
 * empty bucket; `settings` reach it as STORAGE=s3 would, `env` is the same as environment variables.
 */
export async function startS3Server() {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'));
  const bucket = 'portal-files';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    // s3rver checks signatures made with these.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  const env = {
    STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_REGION: settings.region,
    S3_ENDPOINT: settings.endpoint!,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  return {
    settings,
    env,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
