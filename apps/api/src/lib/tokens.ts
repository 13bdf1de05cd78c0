import { SignJWT, jwtVerify } from 'jose';

/** 'widget': a fan's session opened by the widget's e-mailed link, good for the holder's calls only. */
export const signInMethods = ['password', 'link', 'google', 'widget'] as const;
export type SignInMethod = (typeof signInMethods)[number];

export type AccessClaims = { sid: string; uid: string; userId: number; partnerId: number | null };

const ISSUER = 'partner-portal';
const ALG = 'HS256';

/** Signs and verifies the portal's tokens: access tokens naming a session, and short identity tokens. */
export function createTokens(secret: string) {
  const key = new TextEncoder().encode(secret);

  async function sign(payload: Record<string, unknown>, audience: string, ttlSeconds: number) {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: ALG })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(key);
  }

  async function verify(token: string, audience: string) {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience, algorithms: [ALG] });
    return payload;
  }

  return {
    signAccess: (c: AccessClaims, ttlSeconds: number) =>
      sign({ sid: c.sid, sub: c.uid, uidn: c.userId, pid: c.partnerId }, 'access', ttlSeconds),

    /** The token's claims and when it expires (ms since the epoch), or null when it is not ours or expired. */
    async verifyAccess(token: string): Promise<(AccessClaims & { expiresAt: number }) | null> {
      try {
        const p = await verify(token, 'access');
        if (typeof p.sid !== 'string' || typeof p.sub !== 'string' || typeof p.uidn !== 'number') return null;
        if (typeof p.exp !== 'number') return null;
        const pid = typeof p.pid === 'number' ? p.pid : null;
        return { sid: p.sid, uid: p.sub, userId: p.uidn, partnerId: pid, expiresAt: p.exp * 1000 };
      } catch {
        return null;
      }
    },

    /** A short signed value the browser carries between two requests (the OIDC round trip). */
    signTransient: (payload: Record<string, unknown>, purpose: string, ttlSeconds: number) =>
      sign({ data: payload }, `transient:${purpose}`, ttlSeconds),

    async verifyTransient(token: string, purpose: string): Promise<Record<string, unknown> | null> {
      try {
        const p = await verify(token, `transient:${purpose}`);
        return typeof p.data === 'object' && p.data !== null ? (p.data as Record<string, unknown>) : null;
      } catch {
        return null;
      }
    },

    /** The identity token that POST /login exchanges ("firebase_id" in the spec). */
    signIdentity: (uid: string, method: SignInMethod) => sign({ sub: uid, amr: method }, 'identity', 5 * 60),

    async verifyIdentity(token: string): Promise<{ uid: string; method: SignInMethod } | null> {
      try {
        const p = await verify(token, 'identity');
        if (typeof p.sub !== 'string' || !signInMethods.includes(p.amr as SignInMethod)) return null;
        return { uid: p.sub, method: p.amr as SignInMethod };
      } catch {
        return null;
      }
    },
  };
}

export type Tokens = ReturnType<typeof createTokens>;
