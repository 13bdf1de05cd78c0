import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { openSession } from '../../src/modules/identity/index.ts';
import { createTokens } from '../../src/lib/tokens.ts';
import { listRoles, type Permission } from '../../src/modules/members/index.ts';
import type { RouteEntry } from '../../src/plugins/route-table.ts';
import { addMember, bearer, createUser, signIn } from '../seeders.ts';
import { partnerRouteCases, userRouteCases, type Call, type Case } from './cross-tenant-calls.ts';
import { changedTables, tableChecksums } from './db-checksum.ts';
import { suiteTenants } from './tenant-suite.ts';
import { tokenWithout, type Tenant } from './tenants.ts';

const keyOf = (r: RouteEntry) => `${r.method} ${r.url}`;
const isPartnerRoute = (r: RouteEntry) => r.access === 'partner' || r.access === 'admin';

describe('tenant isolation', () => {
  const {
    t,
    tenants: [a, b],
  } = suiteTenants('Alpha', 'Bravo');

  const routes = () => t.app.routeTable;
  const route = (key: string) => routes().find((r) => keyOf(r) === key)!;
  const send = (method: string, call: Call, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url: call.url,
      headers,
      ...(call.payload === undefined ? {} : { payload: call.payload as object }),
    });
  /** The route's ordinary use on the caller's own data, or its bare address when no case names it. */
  const ownCall = (r: RouteEntry): Call => {
    const known = partnerRouteCases[keyOf(r)] ?? userRouteCases[keyOf(r)];
    if (known) return known.calls(a, a)[0]!;
    return { url: r.url.replace(/:\w+/g, '1'), ...(r.method === 'GET' ? {} : { payload: {} }) };
  };

  function expectRefusal(res: LightMyRequestResponse, statuses: number[], label: string) {
    expect(statuses, `${label}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    const body = res.json();
    expect(body, label).toMatchObject({ success: false, error: { code: expect.any(String) } });
    expect(body.error.message, label).toMatch(/\w/);
  }
  const expectNoTraceOf = (owner: Tenant, body: string, label: string) => {
    const text = body.toLowerCase();
    for (const word of owner.identifying) expect(text, `${label} shows ${word}`).not.toContain(word.toLowerCase());
  };

  describe('the case table', () => {
    it('has a case for every partner and admin route, and every case names a route of that kind', () => {
      const partnerKeys = routes().filter(isPartnerRoute).map(keyOf);
      expect(partnerKeys.length).toBeGreaterThan(50);
      expect(Object.keys(partnerRouteCases).sort()).toEqual([...partnerKeys].sort());
    });

    it('has a case for every signed-in user route that names an object in its path', () => {
      const named = routes()
        .filter((r) => r.access === 'user' && r.url.includes(':'))
        .map(keyOf);
      expect(named.length).toBeGreaterThan(5);
      for (const key of named) expect(Object.keys(userRouteCases), key).toContain(key);
      for (const key of Object.keys(userRouteCases)) expect(route(key)?.access, key).toBe('user');
    });
  });

  async function expectIsolated(key: string, c: Case) {
    const method = key.split(' ')[0]!;
    // Each reading after a call is the reading before the next one.
    let before = await tableChecksums(t.db);
    for (const [i, call] of c.calls(b, a).entries()) {
      const label = `${key}, call ${i + 1}`;
      const res = await send(method, call, bearer(a.tokens.admin));
      if (c.scopedByToken) expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
      else if (call.mixed) expectRefusal(res, [404], `${label} (the caller's own objects and one of the other's ids)`);
      else if (call.sameAsMissing) {
        const missing = await send(method, call.sameAsMissing, bearer(a.tokens.admin));
        expectRefusal(res, [missing.statusCode], label);
        expect(res.json(), label).toEqual(missing.json());
      } else expectRefusal(res, [403, 404], label);
      expectNoTraceOf(b, res.body, label);
      const after = await tableChecksums(t.db);
      expect(changedTables(before, after), `${label} wrote data`).toEqual([]);
      before = after;
    }
  }

  describe('an admin of one organisation, naming another organisation’s ids', () => {
    it.each(Object.keys(partnerRouteCases))('%s finds nothing and changes nothing', async (key) => {
      await expectIsolated(key, partnerRouteCases[key]!);
    });
    it.each(Object.keys(userRouteCases))('%s finds nothing and changes nothing', async (key) => {
      await expectIsolated(key, userRouteCases[key]!);
    });
  });

  describe('tokens that cannot act', () => {
    const badTokens = [
      'an expired token',
      'a token whose organisation was changed',
      'a token whose user was changed',
      'an unsigned token (alg none)',
      'a token signed with another secret',
      'the token of a signed-out session',
      'the token of a member since removed',
    ] as const;
    let bad: Record<(typeof badTokens)[number], string>;

    beforeAll(async () => {
      const token = await signIn(t.app, a.adminEmail, a.partnerId);
      const [head, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const access = { sid: claims.sid, uid: claims.sub, userId: claims.uidn, partnerId: claims.pid };
      const forged = (changes: object) =>
        `${head}.${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.${signature}`;
      const unsigned = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');

      const signedOut = await signIn(t.app, a.adminEmail, a.partnerId);
      const logout = await t.app.inject({ method: 'POST', url: '/api/identity/logout', headers: bearer(signedOut) });
      expect(logout.statusCode).toBe(200);

      const leaver = await createUser(t.db);
      const membership = await addMember(t.db, a.partnerId, leaver.id, 'Manager');
      const leaverToken = await signIn(t.app, leaver.email, a.partnerId);
      const removal = await t.app.inject({
        method: 'DELETE',
        url: `/api/members/${membership.id}`,
        headers: bearer(a.tokens.admin),
      });
      expect(removal.statusCode).toBe(200);

      bad = {
        'an expired token': await t.app.tokens.signAccess(access, -60),
        'a token whose organisation was changed': forged({ pid: b.partnerId }),
        'a token whose user was changed': forged({ uidn: b.adminUserId }),
        'an unsigned token (alg none)': `${unsigned}.${payload}.`,
        'a token signed with another secret': await createTokens(randomBytes(32).toString('hex')).signAccess(
          access,
          3600,
        ),
        'the token of a signed-out session': signedOut,
        'the token of a member since removed': leaverToken,
      };
    });

    it('answers 401 to every signed-in route called without a token', async () => {
      const guarded = routes().filter((r) => r.access !== 'public');
      expect(guarded.length).toBeGreaterThan(60);
      for (const r of guarded) expectRefusal(await send(r.method, ownCall(r)), [401], keyOf(r));
    });

    it.each(badTokens)('answers 401 to every signed-in route called with %s', async (kind) => {
      for (const r of routes().filter((x) => x.access !== 'public')) {
        expectRefusal(await send(r.method, ownCall(r), bearer(bad[kind])), [401], `${keyOf(r)} with ${kind}`);
      }
    });

    it('refuses a widget session opened on another organisation’s site on every signed-in route', async () => {
      const [fan] = await t.db.select().from(users).where(eq(users.id, a.fanId));
      const widgetToken = await openSession(t.db, t.app.tokens, 60, fan!, {
        partnerId: null,
        signInMethod: 'widget',
        widgetPartnerId: b.partnerId,
      });
      for (const r of routes().filter((x) => x.access !== 'public')) {
        expectRefusal(
          await send(r.method, ownCall(r), bearer(widgetToken)),
          [403],
          `${keyOf(r)} with a widget session`,
        );
      }
    });

    it('answers 401 to every partner route called with a token that has no organisation chosen', async () => {
      for (const r of routes().filter(isPartnerRoute)) {
        const res = await send(r.method, ownCall(r), bearer(a.tokens.noPartner));
        expectRefusal(res, [401], keyOf(r));
        expect(res.json().error.message).toBe('Choose an organization first.');
      }
    });
  });

  describe('roles', () => {
    async function expectForbidden(r: RouteEntry, token: string, label: string) {
      const before = await tableChecksums(t.db);
      expectRefusal(await send(r.method, ownCall(r), bearer(token)), [403], `${keyOf(r)} as ${label}`);
      expect(changedTables(before, await tableChecksums(t.db)), `${keyOf(r)} as ${label} wrote data`).toEqual([]);
    }

    it('refuses every admin-only route to a Manager and to the box office of the same organisation', async () => {
      const adminOnly = routes().filter((r) => r.access === 'admin');
      expect(adminOnly.length).toBeGreaterThan(5);
      for (const r of adminOnly) {
        await expectForbidden(r, a.tokens.manager, 'Manager');
        await expectForbidden(r, a.tokens.boxOffice, 'BoxOffice');
      }
    });

    it('refuses every route that names a permission to a role granting all the others', async () => {
      const guarded = routes().filter((r) => r.permission);
      const needed = [...new Set(guarded.map((r) => r.permission!))];
      expect(needed.length).toBeGreaterThan(5);
      for (const permission of needed) {
        const token = await tokenWithout(t, a, permission);
        for (const r of guarded.filter((x) => x.permission === permission)) {
          await expectForbidden(r, token, `a role without ${permission}`);
        }
      }
    });

    it('refuses the box office the routes that need a permission its role lacks', async () => {
      const boxOffice = (await listRoles(t.db)).find((r) => r.value === 'BoxOffice')!;
      const granted = boxOffice.Permissions.map((p) => p.value as Permission);
      const lacking = routes().filter((r) => r.permission && !granted.includes(r.permission));
      expect(lacking.length).toBeGreaterThan(10);
      for (const r of lacking) await expectForbidden(r, a.tokens.boxOffice, 'BoxOffice');
    });
  });

  // Last, since these change the caller's own data: they show each refusal above came from the
  // other organisation's ids and not from a request the route would refuse anyway.
  describe('the same calls on the caller’s own data', () => {
    it.each(Object.keys(partnerRouteCases))('%s serves an admin of that organisation', async (key) => {
      const c = partnerRouteCases[key]!;
      const call = c.calls(a, a)[0]!;
      const res = await send(key.split(' ')[0]!, call, bearer(a.tokens.admin));
      expect(res.statusCode, `${call.url}: ${res.body}`).toBe(c.ownStatus ?? 200);
      expectNoTraceOf(b, res.body, key);
    });
  });
});
