import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { memberRoles, members, permissions, rolePermissions, roles, sessions, users } from '../db/schema/index.ts';
import { forbidden, notFound, unauthenticated } from '../lib/http-error.ts';
import type { AccessClaims, SignInMethod } from '../lib/tokens.ts';
import { createSessionCache } from './session-cache.ts';
import type { Permission } from '../modules/members/index.ts';

/**
 * Who may call a route. Every route declares it in `config.access`, so the route table itself says
 * which routes are public, which need a user, a partner-scoped member, or an admin of that partner.
 */
export type Access = 'public' | 'user' | 'partner' | 'admin';

export type Auth = {
  sessionId: string;
  /** Shared by every session of one sign-in (the user session and the partner sessions chosen in it). */
  signInId: string;
  userId: number;
  uid: string;
  email: string;
  fullName: string;
  partnerId: number | null;
  memberId: number | null;
  roleValues: string[];
  permissions: string[];
  signInMethod: SignInMethod;
  signedInAt: Date;
  /** Set on a widget session: the one partner whose tickets it may act on. */
  widgetPartnerId: number | null;
};

/** Auth of a partner-scoped request: the partner and member are known. */
export type PartnerAuth = Auth & { partnerId: number; memberId: number };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A permission the member's role must grant, on top of `access`. */
    permission?: Permission;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/**
 * The signed-in member of the token's partner, or 401: a token with no partner chosen cannot act on
 * any partner's data, so the portal signs in again rather than showing a refusal.
 */
export function requirePartnerAuth(request: FastifyRequest): PartnerAuth {
  const auth = requireUser(request);
  if (auth.partnerId === null || auth.memberId === null) throw unauthenticated('Choose an organization first.');
  return auth as PartnerAuth;
}

/**
 * Checks a partner id named in a path or query against the token's partner. Another partner's id
 * answers 404, exactly like an id that does not exist (design §4).
 */
export function assertPartner(request: FastifyRequest, partnerId: number): PartnerAuth {
  const auth = requirePartnerAuth(request);
  if (auth.partnerId !== partnerId) throw notFound('Partner');
  return auth;
}

export const isAdmin = (auth: Auth) => auth.roleValues[0] === 'Admin';

/** The channel the database's auth triggers notify on (migration 0015). */
const AUTH_CHANGED = 'auth_changed';

type SessionRow = {
  claims: AccessClaims;
  row: Omit<Auth, 'sessionId'>;
};

export const authPlugin = fp(async (app: FastifyInstance) => {
  const { db } = app.database;
  app.decorateRequest('auth', null);

  const cache = createSessionCache<SessionRow>();
  if (app.config.sessionCache) {
    const stopListening = await app.database.listen(AUTH_CHANGED, cache.changed, cache.live);
    app.addHook('onClose', stopListening);
  }

  /** One query: the live session, its user, and (when partner-scoped) the active membership and roles. */
  async function readSession(sid: string) {
    const [row] = await db
      .select({
        userId: users.id,
        uid: users.uid,
        email: users.email,
        fullName: users.fullName,
        partnerId: sessions.partnerId,
        signInMethod: sessions.signInMethod,
        signInId: sessions.signInId,
        widgetPartnerId: sessions.widgetPartnerId,
        signedInAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        memberId: members.id,
        roleValues: sql<string[]>`coalesce((select array_agg(${roles.value} order by ${roles.id})
          from ${memberRoles} join ${roles} on ${roles.id} = ${memberRoles.roleId}
          where ${memberRoles.memberId} = ${members.id}), '{}')`,
        permissions: sql<string[]>`coalesce((select array_agg(distinct ${permissions.value})
          from ${memberRoles} join ${rolePermissions} on ${rolePermissions.roleId} = ${memberRoles.roleId}
          join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
          where ${memberRoles.memberId} = ${members.id}), '{}')`,
      })
      .from(sessions)
      .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.status, true)))
      .leftJoin(
        members,
        and(eq(members.userId, sessions.userId), eq(members.partnerId, sessions.partnerId), eq(members.status, true)),
      )
      .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .limit(1);
    return row;
  }

  /** The token's claims and its session's row: from the cache, or checked and read, then kept. */
  async function resolve(token: string) {
    const cached = cache.get(token);
    if (cached) return cached;
    const claims = await app.tokens.verifyAccess(token);
    if (!claims) return null;
    const readAt = cache.generation();
    const row = await readSession(claims.sid);
    if (!row) return null;
    const { expiresAt, ...rest } = row;
    const resolved = { claims, row: rest };
    cache.set(token, resolved, readAt, Math.min(claims.expiresAt, expiresAt.getTime()));
    return resolved;
  }

  /** The caller of a route that is not public, checked against what the route asks. */
  async function authenticate(request: FastifyRequest, access: Exclude<Access, 'public'>) {
    const token = bearer(request);
    if (!token) throw unauthenticated();
    const resolved = await resolve(token);
    if (!resolved) throw unauthenticated('Your session has expired. Sign in again.');
    const { claims, row } = resolved;
    if (!row || row.userId !== claims.userId) throw unauthenticated('Your session has expired. Sign in again.');
    if (row.partnerId !== null && row.memberId === null) {
      throw unauthenticated('You are no longer a member of this organization.');
    }
    // A widget session lives in a partner's web page: it may act for the fan on that partner's
    // tickets (the widget's holder routes), nothing more.
    if (
      row.signInMethod === 'widget' &&
      (!request.routeOptions.url?.startsWith('/api/holder/partners/:id/') ||
        Number((request.params as { id?: string }).id) !== row.widgetPartnerId)
    ) {
      throw forbidden('Sign in to the portal to do this.');
    }
    request.auth = { sessionId: claims.sid, ...row };
    if (access === 'partner' || access === 'admin') {
      const auth = requirePartnerAuth(request);
      if (access === 'admin' && !isAdmin(auth)) throw forbidden('Only an admin of this organization can do this.');
      const permission = request.routeOptions.config.permission;
      if (permission && !auth.permissions.includes(permission)) throw forbidden('Your role does not allow this.');
    }
  }

  // Every request passes here, public ones too: a callback hook, so those cost no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return done();
    authenticate(request, access).then(() => done(), done);
  });
});
