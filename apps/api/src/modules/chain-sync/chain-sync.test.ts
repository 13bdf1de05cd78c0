import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, holderSession, purchaseTickets } from '../../../test/seeders.ts';
import { suiteApp, suiteEventOnSale, suiteOrganisation } from '../../../test/suite.ts';
import { chainLedger, chainQueue, tickets, users } from '../../db/schema/index.ts';

describe('putting tickets on the chain after the sale (the local ledger)', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);
  const sale = suiteEventOnSale(t, org, [{ name: 'GA', priceCents: 2000, amount: 50 }]);

  const post = (url: string, payload: object, token: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
  const buyOne = async (email: string) => {
    const [ticket] = await purchaseTickets(t.app, sale, { email, full_name: 'Fan' });
    return ticket!.ID;
  };
  const transfer = async (ticketId: number, from: string, to: string) => {
    const res = await post(
      `/api/holder/tickets/${ticketId}/transfer`,
      { email: to, full_name: 'Fan' },
      await holderSession(t.app, t.db, from),
    );
    expect(res.statusCode).toBe(200);
  };
  const idOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  const recordsOf = async (ticketId: number) =>
    (
      await t.db
        .select()
        .from(chainLedger)
        .where(eq(chainLedger.tokenId, `tkt-${ticketId}`))
        .orderBy(asc(chainLedger.seq))
    ).map((r) => [r.kind, r.payload]);
  /**
   * Refuses mints until the answer is called: tickets sold meanwhile stay unminted, whenever the
   * background pass a sale asks for runs. Transfers and burns go through.
   */
  const holdMints = () => {
    const chain = t.app.chain;
    t.app.chain = {
      ...chain,
      recordAll: (entries) =>
        entries.some((e) => e.kind === 'mint') ? Promise.reject(new Error('mints held')) : chain.recordAll(entries),
    };
    return () => {
      t.app.chain = chain;
    };
  };
  const waitingToMint = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/events/${sale.eventId}`, headers: bearer(org.token) })).json().data
      .tickets_waiting_to_mint as number;

  it('mints a ticket given away twice before its mint to its buyer, then records both transfers in order', async () => {
    const release = holdMints();
    let ticket: number;
    try {
      ticket = await buyOne('ann@fans.test');
      await transfer(ticket, 'ann@fans.test', 'bob@fans.test');
      await transfer(ticket, 'bob@fans.test', 'cat@fans.test');
      expect(await waitingToMint()).toBe(1);
    } finally {
      release();
    }
    await t.app.mint();
    const [ann, bob, cat] = [await idOf('ann@fans.test'), await idOf('bob@fans.test'), await idOf('cat@fans.test')];
    expect(await recordsOf(ticket)).toEqual([
      ['mint', { owner: ann, event: sale.eventId, ticket_type: sale.typeId }],
      ['transfer', { from: ann, to: bob }],
      ['transfer', { from: bob, to: cat }],
    ]);
    expect(await t.db.select().from(chainQueue)).toEqual([]);
    expect(await waitingToMint()).toBe(0);
    expect(await t.app.chain.verify()).toMatchObject({ ok: true });
  });

  it('never mints a ticket refunded before its mint, and burns its token so that no mint on its way lands', async () => {
    const release = holdMints();
    let ticket: number;
    let refundId: number;
    try {
      ticket = await buyOne('dan@fans.test');
      await transfer(ticket, 'dan@fans.test', 'eli@fans.test');
      const refund = await post(
        '/api/financial/refund',
        { ticket_ids: [ticket], amount: 20, description: 'x' },
        org.token,
      );
      expect(refund.statusCode).toBe(200);
      refundId = refund.json().data.refund_id;
      expect(await waitingToMint()).toBe(0);
    } finally {
      release();
    }
    await t.app.mint();
    expect(await recordsOf(ticket)).toEqual([['burn', { refund: refundId }]]);
    // A mint that read the ticket before its refund, landing after the burn.
    await t.app.chain.record({
      kind: 'mint',
      tokenId: `tkt-${ticket}`,
      payload: { owner: 1, event: 1, ticket_type: 1 },
    });
    expect(await recordsOf(ticket)).toHaveLength(1);
    expect(await t.db.select().from(chainQueue)).toEqual([]);
  });

  it('leaves tickets and changes waiting while the chain fails, and puts them on it once it works', async () => {
    const minted = await buyOne('fay@fans.test');
    await t.app.mint();
    const chain = t.app.chain;
    const down = () => Promise.reject(new Error('the chain is down'));
    t.app.chain = { ...chain, record: down, recordAll: down };
    try {
      const waiting = await buyOne('gil@fans.test');
      await transfer(minted, 'fay@fans.test', 'hal@fans.test');
      // This pass, or the one the sale or the transfer asked for: each fails on the chain.
      await t.app.mint().catch(() => undefined);
      const [row] = await t.db.select().from(tickets).where(eq(tickets.id, waiting));
      expect(row!.mintedAt).toBeNull();
      expect(await waitingToMint()).toBe(1);
      expect(await t.db.select({ ticketId: chainQueue.ticketId }).from(chainQueue)).toEqual([{ ticketId: minted }]);
    } finally {
      t.app.chain = chain;
    }
    await t.app.mint();
    expect(await waitingToMint()).toBe(0);
    expect(await t.db.select().from(chainQueue)).toEqual([]);
    expect(await recordsOf(minted)).toEqual([
      ['mint', expect.objectContaining({ owner: await idOf('fay@fans.test') })],
      ['transfer', { from: await idOf('fay@fans.test'), to: await idOf('hal@fans.test') }],
    ]);
  });

  it('keeps a change that failed with its error, and tries it again later', async () => {
    const ticket = await buyOne('ivy@fans.test');
    await t.app.mint();
    const chain = t.app.chain;
    t.app.chain = { ...chain, record: () => Promise.reject(new Error('reverted')) };
    try {
      await transfer(ticket, 'ivy@fans.test', 'jon@fans.test');
      await t.app.mint().catch(() => undefined);
      const [row] = await t.db.select().from(chainQueue).where(eq(chainQueue.ticketId, ticket));
      expect(row).toMatchObject({ attempts: 1, lastError: 'reverted' });
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
      // Not due yet: a pass leaves it alone.
      await t.app.mint();
      expect(
        await t.db
          .select()
          .from(chainQueue)
          .where(inArray(chainQueue.ticketId, [ticket])),
      ).toHaveLength(1);
    } finally {
      t.app.chain = chain;
    }
    await t.db.update(chainQueue).set({ nextAttemptAt: new Date() });
    await t.app.mint();
    expect(await t.db.select().from(chainQueue)).toEqual([]);
    expect((await recordsOf(ticket)).map(([kind]) => kind)).toEqual(['mint', 'transfer']);
  });
});
