import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainLedger, storedFiles, tickets } from '../../src/db/schema/index.ts';
import { startS3Server } from '../s3-server.ts';
import { scratchPostgres } from '../scratch-database.ts';
import { bearer, createPartnerWithAdmin, PNG_BYTES, TEST_PASSWORD } from '../seeders.ts';
import { postgresAdminUrl, requireService } from '../services.ts';
import { answered, buy, buyUntilAnswered, purchaseOf, putOnSale } from './buyers.ts';
import { chainProblems, saleProblems } from './sale-invariants.ts';
import { serverProcesses } from './server-process.ts';

const adminUrl = postgresAdminUrl;

describe('two API processes on one PostgreSQL database', () => {
  beforeAll(() => requireService('PostgreSQL', adminUrl));
  const servers = serverProcesses();
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    await servers.stopAll();
    for (const step of cleanup.reverse()) await step();
  });

  /**
   * Two processes on a fresh PostgreSQL database, signing with one secret as behind one load balancer,
   * each with a data dir of its own as on two machines; `env` adds settings to both.
   */
  async function twoServers(env: Record<string, string> = {}) {
    const target = await scratchPostgres(adminUrl, 'portal_fault');
    cleanup.push(target.drop);
    const tokenSecret = randomBytes(32).toString('hex');
    const start = () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-scale-out-'));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      return servers.start({ databaseUrl: target.url, dataDir }, tokenSecret, env);
    };
    const [one, two] = await Promise.all([start(), start()]);
    return { db: target.database.db, one: one!, two: two! };
  }

  it(
    'answer a rush of mixed baskets 2xx or 409, never 5xx, and keep every answered sale and no other',
    { timeout: 300_000 },
    async () => {
      const { db, one, two } = await twoServers();
      // Baskets of one to four of the four types share the day row: the load that deadlocked.
      const sale = await putOnSale(db, 100);
      const buyers = 300;
      const purchases = await Promise.all(
        Array.from({ length: buyers }, (_, n) => {
          const key = `rush-${n}-${randomBytes(8).toString('hex')}`;
          // Every fifth buyer gives up on the first request soon after sending it, then retries.
          const abandonAfterMs = n % 5 === 0 ? 20 + ((n * 37) % 400) : undefined;
          return buyUntilAnswered((n % 2 ? one : two).url, purchaseOf(sale, n, 'mixed'), key, abandonAfterMs).then(
            (p) => ({ ...p, key, n }),
          );
        }),
      );

      const statuses = new Map<string, number>();
      for (const p of purchases) statuses.set(String(p.status), (statuses.get(String(p.status)) ?? 0) + 1);
      expect(Object.fromEntries(statuses), 'every buyer hears 200 or 409').toEqual({
        '200': answered(purchases, 200).length,
        '409': answered(purchases, 409).length,
      });
      expect(answered(purchases, 200).length).toBeGreaterThan(0);
      expect(answered(purchases, 409).length, 'the stock runs out for some').toBeGreaterThan(0);
      for (const r of answered(purchases, 409)) {
        expect(r.body?.success === false && r.body.error.message).toMatch(/^Not enough tickets .*are left\.$/);
      }
      expect(purchases.filter((p) => p.tries > 1).length, 'some buyers retried').toBeGreaterThan(0);
      // Every 200 holds exactly its orders, nobody refused holds one, and the counters are the rows.
      expect(await saleProblems(db, sale, purchases)).toEqual([]);

      // Asked again with the same key, a buyer hears the same sale, not a second one.
      for (const p of answered(purchases, 200).slice(0, 20)) {
        const again = await buy(one.url, purchaseOf(sale, p.n, 'mixed'), { key: p.key });
        expect(again.status).toBe(200);
        expect(again.body).toEqual(p.body);
      }
      expect(await saleProblems(db, sale, purchases)).toEqual([]);
    },
  );

  it(
    'sell exactly the stock to a rush split across both, and mint each ticket once',
    { timeout: 300_000 },
    async () => {
      const { db, one, two } = await twoServers();
      const stock = 100;
      const sale = await putOnSale(db, stock);

      // 300 buyers of one ticket each, every other one through the other process, all at once.
      const purchases = await Promise.all(
        Array.from({ length: 300 }, (_, n) => {
          const oneTicket = [{ ticket_type_id: sale.typeIds[0]!, quantity: 1 }];
          return buy((n % 2 ? one : two).url, purchaseOf(sale, n, 'scale', oneTicket));
        }),
      );

      expect(answered(purchases, 200)).toHaveLength(stock);
      const refused = answered(purchases, 409);
      expect(refused).toHaveLength(300 - stock);
      for (const r of refused) {
        expect(r.body).toMatchObject({ success: false, error: { code: 'conflict' } });
        expect(r.body?.success === false && r.body.error.message).toMatch(/^Not enough tickets .*are left\.$/);
      }
      expect(await saleProblems(db, sale, purchases)).toEqual([]);
      const [written] = await db.select({ n: count() }).from(tickets).where(eq(tickets.eventId, sale.eventId));
      expect(written!.n).toBe(stock);

      // Both processes mint after their sales; the ledger's lock must keep them from minting a ticket twice.
      await expect
        .poll(
          async () =>
            (
              await db
                .select({ n: count() })
                .from(tickets)
                .where(and(eq(tickets.eventId, sale.eventId), isNull(tickets.mintedAt)))
            )[0]!.n,
          { timeout: 120_000, interval: 500 },
        )
        .toBe(0);
      expect(await chainProblems(db, sale)).toEqual([]);
      const [mints] = await db.select({ n: count() }).from(chainLedger).where(eq(chainLedger.kind, 'mint'));
      expect(mints!.n).toBe(stock);
    },
  );

  /** Signs in over HTTP the way the portal does; answers the partner-scoped token. */
  async function signInOver(url: string, email: string, partnerId: number) {
    const post = async <T>(route: string, body: object, token?: string) => {
      const res = await fetch(`${url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
        body: JSON.stringify(body),
      });
      expect(res.status, route).toBe(200);
      return ((await res.json()) as { data: T }).data;
    };
    const { id_token } = await post<{ id_token: string }>('/api/identity/sign-in', { email, password: TEST_PASSWORD });
    const { access_token } = await post<{ access_token: string }>('/api/login', { firebase_id: id_token });
    return post<string>('/api/login/partner', { partner_id: partnerId }, access_token);
  }

  /** What a browser relies on when it loads a file: its type, how it is shown, and how long it is kept. */
  const fileHeaders = (res: Response) =>
    Object.fromEntries(
      [
        'content-type',
        'x-content-type-options',
        'content-disposition',
        'cache-control',
        'content-security-policy',
        'access-control-allow-origin',
      ].map((name) => [name, res.headers.get(name)]),
    );

  const storages = [
    { name: 'the database, the default', inDatabase: true, env: async () => ({}) },
    {
      name: 'an S3 bucket',
      inDatabase: false,
      async env() {
        const s3 = await startS3Server();
        cleanup.push(s3.close);
        return s3.env;
      },
    },
  ];
  for (const storage of storages) {
    it(
      `serve a logo uploaded through one from the other, with files in ${storage.name}`,
      { timeout: 300_000 },
      async () => {
        const { db, one, two } = await twoServers(await storage.env());
        const { partner, admin } = await createPartnerWithAdmin(db);
        const token = await signInOver(one.url, admin.email, partner.id);
        const logo = Buffer.concat([PNG_BYTES, randomBytes(200_000)]);
        // The portal's logo upload: the profile page sends the file as a data URL in the partner's PUT.
        const upload = await fetch(`${one.url}/api/partners/${partner.id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', ...bearer(token) },
          body: JSON.stringify({ image: `data:image/png;base64,${logo.toString('base64')}` }),
        });
        expect(upload.status).toBe(200);
        const { image } = ((await upload.json()) as { data: { image: string } }).data;
        expect(image).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png$/);

        const [fromOne, fromTwo] = await Promise.all([fetch(`${one.url}${image}`), fetch(`${two.url}${image}`)]);
        for (const served of [fromOne, fromTwo]) {
          expect(served.status).toBe(200);
          expect(Buffer.from(await served.arrayBuffer()).equals(logo)).toBe(true);
        }
        expect(fileHeaders(fromTwo)).toEqual(fileHeaders(fromOne));
        expect(fileHeaders(fromTwo)).toMatchObject({
          'content-type': 'image/png',
          'x-content-type-options': 'nosniff',
          'content-disposition': 'inline',
          'cache-control': 'public, max-age=31536000, immutable',
        });
        // The bytes are where the setting says, not in the other backend.
        const rows = await db.select({ key: storedFiles.key }).from(storedFiles);
        expect(rows).toEqual(storage.inDatabase ? [{ key: image.split('/').at(-1) }] : []);
      },
    );
  }
});
