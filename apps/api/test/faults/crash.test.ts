import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChain } from '../../src/adapters/chain/index.ts';
import { openDatabase, type Db } from '../../src/db/client.ts';
import { mintPending } from '../../src/modules/chain-sync/index.ts';
import { scratchPostgres } from '../scratch-database.ts';
import { postgresAdminUrl, requireService } from '../services.ts';
import { answered, buy, endlessRush, purchaseOf, putOnSale, type OnSale, type Purchase } from './buyers.ts';
import { chainProblems, saleProblems } from './sale-invariants.ts';
import { serverProcesses, type ServerProcess, type ServerData } from './server-process.ts';

/** Where the killed server keeps its data, and a way for the test to read it while no server runs. */
type Backend = { data: ServerData; withDb<T>(use: (db: Db) => Promise<T>): Promise<T>; dispose(): Promise<void> };

async function embedded(): Promise<Backend> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
  return {
    data: { dataDir },
    // The data folder belongs to one process at a time: open it only while no server runs.
    async withDb(use) {
      const database = await openDatabase({ dataDir });
      try {
        return await use(database.db);
      } finally {
        await database.close();
      }
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgres(adminUrl: string): Promise<Backend> {
  const target = await scratchPostgres(adminUrl, 'portal_fault');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
  return {
    data: { databaseUrl: target.url, dataDir },
    withDb: (use) => use(target.database.db),
    async dispose() {
      await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Buyers rush the server, a dozen at a time, and it is killed with SIGKILL a moment after its
 * twentieth sale; answers the purchases, the ones cut short among them.
 */
async function rushUntilKilled(server: ServerProcess, sale: OnSale, tag: string) {
  const concurrency = 12;
  let killed: Promise<unknown> | undefined;
  const kill = (all: Purchase[]) => {
    if (killed || answered(all, 200).length < 20) return;
    // Right after an answer the server is mostly minting; a random moment later it is anywhere.
    killed = new Promise((resolve) => setTimeout(resolve, Math.random() * 200)).then(() => server.stop('SIGKILL'));
  };
  const purchases = await endlessRush(server.url, sale, tag, { concurrency, limit: 5000, onPurchase: kill });
  expect(killed, 'the rush ended before the kill').toBeDefined();
  await killed;
  // Every buyer still in the rush lost an answer: the kill cut it short.
  expect(answered(purchases, 'lost')).toHaveLength(concurrency);
  expect(purchases.filter((p) => p.status !== 200 && p.status !== 'lost')).toEqual([]);
  return purchases;
}

const adminUrl = postgresAdminUrl;
const suites: { title: string; open: () => Promise<Backend>; needs?: () => Promise<void> }[] = [
  { title: 'on the embedded database folder', open: embedded },
  { title: 'on PostgreSQL', open: () => postgres(adminUrl), needs: () => requireService('PostgreSQL', adminUrl) },
];

for (const suite of suites) {
  describe(`a server killed with SIGKILL in the middle of a checkout rush, ${suite.title}`, () => {
    beforeAll(async () => {
      await suite.needs?.();
    });
    const servers = serverProcesses();
    let backend: Backend | undefined;
    afterAll(async () => {
      await servers.stopAll();
      await backend?.dispose();
    });

    it('starts again, keeps every sale it answered and leaves none half-written', { timeout: 600_000 }, async () => {
      backend = await suite.open();
      const sale = await backend.withDb((db) => putOnSale(db, 100_000));
      const tokenSecret = randomBytes(32).toString('hex');

      // Several kills, each on what the one before left: a kill lands anywhere in a sale, a mint or
      // an answer, so more of them reach more places.
      const purchases: Purchase[] = [];
      for (const round of [1, 2, 3]) {
        const server = await servers.start(backend.data, tokenSecret);
        const cut = await rushUntilKilled(server, sale, `crash${round}`);
        purchases.push(...cut);
      }

      // The server must start on what the last kill left, and go on selling.
      const last = await servers.start(backend.data, tokenSecret);
      const after = await buy(last.url, purchaseOf(sale, 3, 'after-restart'));
      expect(after.status).toBe(200);
      expect(await last.stop('SIGTERM')).toBe(0);

      await backend.withDb(async (db) => {
        expect(await saleProblems(db, sale, [...purchases, after])).toEqual([]);
        // A kill between a mint's ledger record and its mark on the ticket must not mint twice.
        const chain = createChain(db);
        while ((await mintPending(db, chain)) > 0);
        expect(await chainProblems(db, sale)).toEqual([]);
      });
    });
  });
}
