import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the API reads from its environment, with the defaults that run it offline. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.url().optional(),
  TOKEN_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(8 * 60),
  SEED_DEMO: flag.optional(),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  WIDGET_DIST: z.string().default(path.join(repoRoot, 'apps/widget/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Partner Portal <no-reply@partner-portal.local>'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** The key a buyer's browser uses to turn a card into a payment method (the widget). */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Only for tests: a local stand-in of Stripe's API. */
  STRIPE_API_BASE: z.url().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  /** The outbox page at /api/dev/outbox: off unless set, and only on a loopback host. */
  DEV_OUTBOX: flag.default(false),
  SESSION_CACHE: flag.default(true),
  STORAGE: z.enum(['database', 's3']).default('database'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  /** Unset: Amazon S3 itself; set for another S3-compatible service. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Where tickets are minted: the ledger in the database, or an ERC-721 contract on an EVM chain. */
  CHAIN: z.enum(['local', 'evm']).default('local'),
  /** The node's JSON-RPC over HTTP(S). */
  CHAIN_RPC_URL: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional(),
  /** The operator's key: it owns the contract and signs (and pays for) every mint, move and burn. */
  CHAIN_OPERATOR_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x and 64 hex digits')
    .optional(),
  CHAIN_CONTRACT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x and 40 hex digits')
    .optional(),
  /** Turns a user id into the holder's custodial address: kept secret, and never changed once tokens exist. */
  CHAIN_HOLDER_SECRET: z.string().min(32).optional(),
});

const chainSettings = ['CHAIN_RPC_URL', 'CHAIN_OPERATOR_KEY', 'CHAIN_CONTRACT_ADDRESS', 'CHAIN_HOLDER_SECRET'] as const;

/** The portal's ticket contract on an EVM chain (docs/chain.md). */
export type EvmChainSettings = {
  rpcUrl: string;
  operatorKey: `0x${string}`;
  contractAddress: `0x${string}`;
  holderSecret: string;
};

const s3Settings = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** A bucket of an S3-compatible service; without keys, the SDK's own credentials (an instance role). */
export type S3Settings = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  /** Undefined: the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  tokenSecret: string;
  accessTokenTtlMinutes: number;
  seedDemo: boolean;
  webDist: string;
  /** The built embeddable widget, served under /widget/. */
  widgetDist: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  smtpUrl: string | undefined;
  /** Rate limits kept in Redis, shared by every API process; in memory when unset. */
  redisUrl: string | undefined;
  mailFrom: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripePublishableKey: string | undefined;
  stripeApiBase: string | undefined;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  devOutbox: boolean;
  /** Keep what a token resolves to in the process, emptied by the database's change notifications. */
  sessionCache: boolean;
  /** Where uploaded files live: the database every process shares, or an S3-compatible bucket. */
  storage: { kind: 'database' } | ({ kind: 's3' } & S3Settings);
  /** Where tickets are minted, transferred and burned. */
  chain: { kind: 'local' } | ({ kind: 'evm' } & EvmChainSettings);
};

export class ConfigError extends Error {}

/** Hosts that only this machine can reach. */
export const isLoopbackHost = (host: string) =>
  ['localhost', '::1', '[::1]'].includes(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);

/** Reads the secret kept in the data dir, creating it on first start. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secrets.json');
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { tokenSecret?: unknown };
    if (typeof saved.tokenSecret === 'string' && saved.tokenSecret.length >= 32) return saved.tokenSecret;
  } catch {
    // First start: no secrets yet.
  }
  const tokenSecret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ tokenSecret }, null, 2), { mode: 0o600 });
  return tokenSecret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.TOKEN_SECRET && e.DATABASE_URL) {
    throw new ConfigError('TOKEN_SECRET is required in production with DATABASE_URL.');
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together.');
  }
  if (e.DEV_OUTBOX && !isLoopbackHost(e.HOST)) {
    throw new ConfigError(
      `DEV_OUTBOX=true shows every e-mail, reset links included, so it needs HOST to be localhost, 127.0.0.1 or ::1 (HOST is ${e.HOST}).`,
    );
  }
  const s3Given = s3Settings.filter((name) => e[name] !== undefined);
  if (e.STORAGE !== 's3' && s3Given.length > 0) {
    throw new ConfigError(`${s3Given.join(', ')} only apply with STORAGE=s3 (STORAGE is ${e.STORAGE}).`);
  }
  if (e.STORAGE === 's3' && !e.S3_BUCKET) throw new ConfigError('STORAGE=s3 needs S3_BUCKET.');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together.');
  }
  const chainGiven = chainSettings.filter((name) => e[name] !== undefined);
  if (e.CHAIN !== 'evm' && chainGiven.length > 0) {
    throw new ConfigError(`${chainGiven.join(', ')} only apply with CHAIN=evm (CHAIN is ${e.CHAIN}).`);
  }
  const chainMissing = chainSettings.filter((name) => e[name] === undefined);
  if (e.CHAIN === 'evm' && chainMissing.length > 0) {
    throw new ConfigError(`CHAIN=evm needs ${chainMissing.join(', ')}.`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    tokenSecret: e.TOKEN_SECRET ?? embeddedSecret(dataDir),
    accessTokenTtlMinutes: e.ACCESS_TOKEN_TTL_MINUTES,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    webDist: path.resolve(e.WEB_DIST),
    widgetDist: path.resolve(e.WIDGET_DIST),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    mailFrom: e.MAIL_FROM,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    stripeApiBase: e.STRIPE_API_BASE,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
    devOutbox: e.NODE_ENV !== 'production' && e.DEV_OUTBOX,
    sessionCache: e.SESSION_CACHE,
    storage:
      e.STORAGE === 's3' && e.S3_BUCKET
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? 'us-east-1',
            endpoint: e.S3_ENDPOINT,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : { kind: 'database' },
    chain:
      e.CHAIN === 'evm' && e.CHAIN_RPC_URL && e.CHAIN_OPERATOR_KEY && e.CHAIN_CONTRACT_ADDRESS && e.CHAIN_HOLDER_SECRET
        ? {
            kind: 'evm',
            rpcUrl: e.CHAIN_RPC_URL,
            operatorKey: e.CHAIN_OPERATOR_KEY as `0x${string}`,
            contractAddress: e.CHAIN_CONTRACT_ADDRESS as `0x${string}`,
            holderSecret: e.CHAIN_HOLDER_SECRET,
          }
        : { kind: 'local' },
  };
}
