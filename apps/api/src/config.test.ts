import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('runs offline with defaults: embedded database, demo data, port 3000', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('generates the token secret on first start and keeps it in the data dir', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).tokenSecret).toBe(first.tokenSecret);
    expect(loadConfig({ DATA_DIR: dir }).tokenSecret).toBe(first.tokenSecret);
  });

  it('does not seed demo data into PostgreSQL unless asked', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u@localhost/db',
      TOKEN_SECRET: 'x'.repeat(40),
    });
    expect(config.seedDemo).toBe(false);
  });

  it('names every invalid setting at once', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'not a url' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL/);
    }
  });

  it('needs a real secret in production on PostgreSQL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@localhost/db' })).toThrow(
      /TOKEN_SECRET/,
    );
  });

  it('keeps the outbox page off unless DEV_OUTBOX=true, and only on a loopback host', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).devOutbox).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    for (const HOST of ['127.0.0.1', '::1', 'localhost']) {
      expect(loadConfig({ DATA_DIR: dataDir(), DEV_OUTBOX: 'true', HOST }).devOutbox).toBe(true);
    }
    for (const HOST of ['0.0.0.0', '::', '192.0.2.10', 'portal.example.com']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), DEV_OUTBOX: 'true', HOST })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), DEV_OUTBOX: 'true', HOST })).toThrow(
        /DEV_OUTBOX=true .* needs HOST to be localhost, 127\.0\.0\.1 or ::1/,
      );
      expect(loadConfig({ DATA_DIR: dataDir(), HOST }).devOutbox).toBe(false);
    }
  });

  it('keeps uploaded files in the database unless STORAGE=s3 names a bucket', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).storage).toEqual({ kind: 'database' });
    expect(loadConfig({ DATA_DIR: dataDir(), STORAGE: 's3', S3_BUCKET: 'portal' }).storage).toEqual({
      kind: 's3',
      bucket: 'portal',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    const s3 = {
      STORAGE: 's3',
      S3_BUCKET: 'portal',
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...s3 }).storage).toEqual({
      kind: 's3',
      bucket: 'portal',
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
  });

  it('refuses storage settings that cannot work as given', () => {
    const refused: [Record<string, string>, RegExp][] = [
      [{ STORAGE: 'local' }, /STORAGE/],
      [{ STORAGE: 's3' }, /STORAGE=s3 needs S3_BUCKET/],
      [{ STORAGE: 's3', S3_BUCKET: 'portal', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT/],
      [{ STORAGE: 's3', S3_BUCKET: 'portal', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
      [{ STORAGE: 's3', S3_BUCKET: 'portal', S3_ACCESS_KEY_ID: 'key' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
      // Bucket settings without STORAGE=s3 would leave files in the database unnoticed.
      [{ S3_BUCKET: 'portal', S3_REGION: 'eu-central-1' }, /S3_BUCKET, S3_REGION only apply with STORAGE=s3/],
    ];
    for (const [env, message] of refused) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env }), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env }), JSON.stringify(env)).toThrow(message);
    }
  });

  it('mints on the local ledger unless an EVM chain is configured whole', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).chain).toEqual({ kind: 'local' });
    const evm = {
      CHAIN: 'evm',
      CHAIN_RPC_URL: 'http://127.0.0.1:8545',
      CHAIN_OPERATOR_KEY: `0x${'ab'.repeat(32)}`,
      CHAIN_CONTRACT_ADDRESS: `0x${'cd'.repeat(20)}`,
      CHAIN_HOLDER_SECRET: 's'.repeat(32),
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...evm }).chain).toEqual({
      kind: 'evm',
      rpcUrl: 'http://127.0.0.1:8545',
      operatorKey: `0x${'ab'.repeat(32)}`,
      contractAddress: `0x${'cd'.repeat(20)}`,
      holderSecret: 's'.repeat(32),
    });
    const refused: [Record<string, string>, RegExp][] = [
      [{ ...evm, CHAIN: 'solana' }, /CHAIN/],
      [{ ...evm, CHAIN_RPC_URL: 'ws://127.0.0.1:8545' }, /CHAIN_RPC_URL: must be an http or https URL/],
      [{ ...evm, CHAIN_OPERATOR_KEY: 'ab'.repeat(32) }, /CHAIN_OPERATOR_KEY: must be 0x and 64 hex digits/],
      [{ ...evm, CHAIN_CONTRACT_ADDRESS: '0x1234' }, /CHAIN_CONTRACT_ADDRESS: must be 0x and 40 hex digits/],
      [{ ...evm, CHAIN_HOLDER_SECRET: 'short' }, /CHAIN_HOLDER_SECRET/],
      [
        { CHAIN: 'evm', CHAIN_RPC_URL: evm.CHAIN_RPC_URL },
        /CHAIN=evm needs CHAIN_OPERATOR_KEY, CHAIN_CONTRACT_ADDRESS, CHAIN_HOLDER_SECRET/,
      ],
      // Chain settings without CHAIN=evm would leave tickets on the local ledger unnoticed.
      [{ CHAIN_RPC_URL: evm.CHAIN_RPC_URL }, /CHAIN_RPC_URL only apply with CHAIN=evm/],
    ];
    for (const [env, message] of refused) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env }), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env }), JSON.stringify(env)).toThrow(message);
    }
  });
});
