import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { startS3Server } from '../../../test/s3-server.ts';
import { createStorage } from './index.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** Each backend as the API runs it, with a way to list what the backend itself holds. */
const backends = [
  {
    name: 'database',
    async open() {
      const t = await buildTestApp();
      const held = async () => (await t.db.select({ key: storedFiles.key }).from(storedFiles)).map((r) => r.key).sort();
      return { t, held, close: () => t.close() };
    },
  },
  {
    name: 's3',
    async open() {
      const s3 = await startS3Server();
      const t = await buildTestApp({ storage: { kind: 's3', ...s3.settings } });
      const { bucket, ...reach } = s3.settings;
      const client = new S3Client(reach);
      const held = async () => {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        return (listed.Contents ?? []).map((o) => o.Key!).sort();
      };
      return {
        t,
        held,
        async close() {
          client.destroy();
          await t.close();
          await s3.close();
        },
      };
    },
  },
];

/** Bytes that start as the type says, long enough to cross several network packets. */
const fileOf = (magic: number[]) => Buffer.concat([Buffer.from(magic), randomBytes(300_000)]);
const samples = [
  { type: 'image/png', ext: 'png', data: fileOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', ext: 'jpg', data: fileOf([0xff, 0xd8, 0xff]) },
  { type: 'application/pdf', ext: 'pdf', data: fileOf([...Buffer.from('%PDF-1.4\n')]) },
  { type: 'font/woff2', ext: 'woff2', data: fileOf([...Buffer.from('wOF2')]) },
  { type: 'font/woff', ext: 'woff', data: fileOf([...Buffer.from('wOFF')]) },
  { type: 'font/ttf', ext: 'ttf', data: fileOf([0, 1, 0, 0]) },
];
const keyOf = (url: string) => url.split('/').at(-1)!;

describe.each(backends)('the $name storage backend', (backend) => {
  let t: TestApp;
  let held: () => Promise<string[]>;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ t, held, close } = await backend.open());
  });
  afterAll(() => close?.());

  it('keeps each stored type in the backend and answers its bytes and type by key', async () => {
    for (const { type, ext, data } of samples) {
      const url = await t.app.storage.put(data, type);
      expect(url).toMatch(new RegExp(`^/api/files/[0-9a-f-]{36}\\.${ext}$`));
      expect(await held()).toContain(keyOf(url));
      const file = await t.app.storage.get(keyOf(url));
      expect(file?.contentType).toBe(type);
      expect(file?.data.equals(data), type).toBe(true);
    }
  });

  it('serves a file stored through one instance from another on the same backend', async () => {
    const url = await t.app.storage.put(samples[0]!.data, 'image/png');
    const other = createStorage(t.config, t.db);
    expect((await other.get(keyOf(url)))?.data.equals(samples[0]!.data)).toBe(true);
  });

  it('removes a file by its URL, and takes removing an unknown one calmly', async () => {
    const url = await t.app.storage.put(samples[2]!.data, 'application/pdf');
    await t.app.storage.remove(url);
    expect(await t.app.storage.get(keyOf(url))).toBeNull();
    expect(await held()).not.toContain(keyOf(url));
    await t.app.storage.remove(url);
    await t.app.storage.remove(`/api/files/${randomUUID()}.png`);
    await t.app.storage.remove('/api/files/../secrets.json');
  });

  it('answers nothing for a key it does not hold or could not have made', async () => {
    const stored = keyOf(await t.app.storage.put(samples[0]!.data, 'image/png'));
    for (const key of [
      `${randomUUID()}.png`,
      stored.replace('.png', '.jpg'),
      stored.replace('.png', '.svg'),
      `${randomUUID()}.html`,
      '../secrets.json',
      '',
    ]) {
      expect(await t.app.storage.get(key), key).toBeNull();
    }
  });

  it('refuses to store any type off the list, and keeps nothing of it', async () => {
    const before = await held();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const type of ['image/svg+xml', 'text/html', 'application/octet-stream', '']) {
      await expect(t.app.storage.put(svg, type), type).rejects.toThrow(/Refusing to store/);
    }
    expect(await held()).toEqual(before);
  });

  it('is served at /api/files/{key} with its type from the list, nosniff, disposition and a long cache', async () => {
    for (const { type, data } of samples) {
      const url = await t.app.storage.put(data, type);
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, type).toBe(200);
      expect(res.rawPayload.equals(data), type).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': type,
        'x-content-type-options': 'nosniff',
        'content-disposition': type === 'application/pdf' ? 'attachment' : 'inline',
        'cache-control': 'public, max-age=31536000, immutable',
      });
      expect(res.headers['access-control-allow-origin'], type).toBe(type.startsWith('font/') ? '*' : undefined);
    }
    const missing = await t.app.inject({ method: 'GET', url: `/api/files/${randomUUID()}.png` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false });
  });

  it('takes in the files an earlier version kept in the data dir, once, and only those it could have made', async () => {
    const oldDir = path.join(t.config.dataDir, 'files');
    mkdirSync(oldDir, { recursive: true });
    const logo = `${randomUUID()}.png`;
    const strays = [`${randomUUID()}.svg`, 'notes.txt'];
    writeFileSync(path.join(oldDir, logo), samples[0]!.data);
    for (const name of strays) writeFileSync(path.join(oldDir, name), '<script>alert(1)</script>');

    expect(await t.app.storage.importOldFiles()).toBe(1);
    expect((await t.app.storage.get(logo))?.data.equals(samples[0]!.data)).toBe(true);
    expect(await held()).toContain(logo);
    expect(readdirSync(oldDir).sort()).toEqual([...strays].sort());
    expect(existsSync(path.join(t.config.dataDir, 'files-imported', logo))).toBe(true);
    expect(await held()).not.toContain(strays[0]);
    expect(await t.app.storage.importOldFiles()).toBe(0);
  });
});
