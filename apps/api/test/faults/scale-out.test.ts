import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { chainLedger, tickets } from '../../src/db/schema/index.ts';
import { scratchPostgres } from '../scratch-database.ts';
import { answered, buy, purchaseOf, putOnSale } from './buyers.ts';
import { chainProblems, saleProblems } from './sale-invariants.ts';
import { serverProcesses } from './server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const title = adminUrl
  ? 'two API processes on one PostgreSQL database'
  : 'two API processes on one PostgreSQL database (skipped: needs TEST_DATABASE_URL; the embedded database serves one process by design)';

describe.skipIf(!adminUrl)(title, () => {
  const servers = serverProcesses();
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    await servers.stopAll();
    for (const step of cleanup.reverse()) await step();
  });

  it(
    'sell exactly the stock to a rush split across both, and mint each ticket once',
    { timeout: 300_000 },
    async () => {
      const target = await scratchPostgres(adminUrl!, 'portal_fault');
      cleanup.push(target.drop);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-scale-out-'));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const { db } = target.database;
      const stock = 100;
      const sale = await putOnSale(db, stock);

      // Both processes sign with one secret, as they would behind one load balancer.
      const data = { databaseUrl: target.url, dataDir };
      const tokenSecret = randomBytes(32).toString('hex');
      const [one, two] = await Promise.all([servers.start(data, tokenSecret), servers.start(data, tokenSecret)]);

      // 300 buyers of one ticket each, every other one through the other process, all at once.
      const purchases = await Promise.all(
        Array.from({ length: 300 }, (_, n) => {
          const oneTicket = [{ ticket_type_id: sale.typeIds[0]!, quantity: 1 }];
          return buy((n % 2 ? one! : two!).url, purchaseOf(sale, n, 'scale', oneTicket));
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
});
