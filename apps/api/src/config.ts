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
});

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
  };
}
