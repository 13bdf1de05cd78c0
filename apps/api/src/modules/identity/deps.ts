import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { Tokens } from '../../lib/tokens.ts';

export type IdentityDeps = {
  db: Db;
  tokens: Tokens;
  ttlMinutes: number;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
};

export const identityDeps = (app: FastifyInstance): IdentityDeps => ({
  db: app.database.db,
  tokens: app.tokens,
  ttlMinutes: app.config.accessTokenTtlMinutes,
  mailer: app.mailer,
  limiter: app.limiter,
  publicUrl: app.config.publicUrl,
});

/** The spec's e-mailed link form: /usermgmt?mode=…&oobCode=…&continueUrl=… */
export function usermgmtLink(publicUrl: string, mode: 'resetPassword' | 'signIn', code: string, continueUrl: string) {
  const url = new URL('/usermgmt', publicUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', code);
  url.searchParams.set('continueUrl', continueUrl);
  return url.toString();
}

const MINUTE = 60_000;

/** Limits per IP and per e-mail (design §5). */
export const limits = {
  /**
   * Password guesses: a broad cap per IP, and growing delays per e-mail and IP together: after 5
   * failures from one address, that address waits 1 minute, then 2, 4 … up to an hour, for that e-mail
   * only. Nothing counts per e-mail alone, so nobody can lock the owner out from elsewhere.
   */
  signIn: (ip: string, email: string) => ({
    limits: [{ key: `sign-in:ip:${ip}`, max: 100, windowMs: 15 * MINUTE }],
    backoffs: [
      {
        key: `sign-in:pair:${ip}:${email}`,
        free: 5,
        firstDelayMs: MINUTE,
        maxDelayMs: 60 * MINUTE,
        memoryMs: 24 * 60 * MINUTE,
      },
    ],
  }),
  mailedLink: (kind: string, ip: string, email: string) => [
    { key: `${kind}:ip:${ip}`, max: 30, windowMs: 60 * MINUTE },
    { key: `${kind}:email:${email}`, max: 5, windowMs: 60 * MINUTE },
  ],
  code: (ip: string) => [{ key: `code:ip:${ip}`, max: 60, windowMs: 15 * MINUTE }],
};
