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
});
