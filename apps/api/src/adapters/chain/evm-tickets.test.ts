import { eq, inArray } from 'drizzle-orm';
import { createPublicClient, http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ticketContract } from '../../../scripts/contracts.ts';
import { startEvmNode, testOperatorKey } from '../../../test/evm-node.ts';
import { buildTestApp, capturedLog } from '../../../test/helper.ts';
import {
  bearer,
  buyTickets,
  createEventOnSale,
  createPartnerWithAdmin,
  holderSession,
  PAID_CARD,
  signIn,
} from '../../../test/seeders.ts';
import { chainQueue, tickets, users } from '../../db/schema/index.ts';
import { deployPortalTickets, holderAddress, portalTicketsAbi } from './evm.ts';

const holderSecret = 'the portal holder secret, 32 characters or more';

describe('tickets on a real EVM chain, through the portal', () => {
  let node: Awaited<ReturnType<typeof startEvmNode>>;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  const log = capturedLog();
  let contract: { address: Address; abi: typeof portalTicketsAbi };
  let reader: ReturnType<typeof createPublicClient>;
  let partnerId: number;
  let staff: string;
  let sale: { partnerId: number; eventId: number; dayId: number };

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const buy = async (email: string, quantity: number) => {
    const res = await buyTickets(t.app, sale, { email, full_name: email.split('@')[0]! }, [
      { ticket_type_id: typeId, quantity },
    ]);
    expect(res.statusCode).toBe(200);
    return (res.json().data.tickets as { ID: number }[]).map((x) => x.ID);
  };
  let typeId: number;
  /** The ticket Ana gave Ben in the first test. */
  let given: number;
  const userId = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  const holderOf = async (email: string) => holderAddress(holderSecret, await userId(email));
  const ownerOf = (ticketId: number) =>
    reader.readContract({ ...contract, functionName: 'ownerOf', args: [BigInt(ticketId)] });
  const balanceOf = async (email: string) =>
    reader.readContract({ ...contract, functionName: 'balanceOf', args: [await holderOf(email)] });
  const waitingToMint = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/events/${sale.eventId}`, headers: bearer(staff) })).json().data
      .tickets_waiting_to_mint as number;
  const transfer = async (ticketId: number, fromEmail: string, toEmail: string) => {
    const from = await holderSession(t.app, t.db, fromEmail);
    const res = await post(`/api/holder/tickets/${ticketId}/transfer`, { email: toEmail, full_name: 'Fan' }, from);
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    const [started, { bytecode }] = await Promise.all([startEvmNode(), ticketContract()]);
    node = started;
    const address = await deployPortalTickets({ rpcUrl: node.rpcUrl, operatorKey: testOperatorKey }, bytecode, {
      pollingIntervalMs: 50,
    });
    contract = { address, abi: portalTicketsAbi };
    reader = createPublicClient({ transport: http(node.rpcUrl) });
    t = await buildTestApp(
      {
        chain: {
          kind: 'evm',
          rpcUrl: node.rpcUrl,
          operatorKey: testOperatorKey,
          contractAddress: address,
          holderSecret,
        },
      },
      { level: 'warn', stream: log.stream },
    );
    const org = await createPartnerWithAdmin(t.db);
    partnerId = org.partner.id;
    staff = await signIn(t.app, org.admin.email, partnerId);
    const { event, days, types } = await createEventOnSale(t.db, partnerId, [
      { name: 'GA', priceCents: 4000, amount: 100 },
    ]);
    sale = { partnerId, eventId: event.id, dayId: days[0]!.id };
    typeId = types[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
    await node?.close();
  });

  it('mints a sale to its buyer, then follows a transfer, a resale and a refund', async () => {
    const [gift, resold, refunded] = await buy('ana@fans.test', 3);
    given = gift!;
    await t.app.mint();
    const ana = await holderOf('ana@fans.test');
    expect([await ownerOf(gift!), await ownerOf(resold!), await ownerOf(refunded!)]).toEqual([ana, ana, ana]);
    expect(await waitingToMint()).toBe(0);

    await transfer(gift!, 'ana@fans.test', 'ben@fans.test');

    const seller = await holderSession(t.app, t.db, 'ana@fans.test');
    expect((await post(`/api/holder/tickets/${resold}/resale`, { price: 60 }, seller)).statusCode).toBe(200);
    const offers = (await t.app.inject({ method: 'GET', url: `/api/public/partners/${partnerId}/resales` })).json()
      .data as { ID: number; ticket_id: number }[];
    const offer = offers.find((o) => o.ticket_id === resold)!;
    const bought = await post(`/api/public/partners/${partnerId}/resales/${offer.ID}/buy`, {
      buyer: { email: 'cy@fans.test', full_name: 'Cy' },
      payment_method: PAID_CARD,
    });
    expect(bought.statusCode).toBe(200);

    const refund = await post(
      '/api/financial/refund',
      { ticket_ids: [refunded], amount: 40, description: 'Ill' },
      staff,
    );
    expect(refund.statusCode).toBe(200);

    await t.app.mint();
    expect(await ownerOf(gift!)).toBe(await holderOf('ben@fans.test'));
    expect(await ownerOf(resold!)).toBe(await holderOf('cy@fans.test'));
    // A burned token has no owner: the contract refuses to name one.
    await expect(ownerOf(refunded!)).rejects.toThrow();
    expect(await reader.readContract({ ...contract, functionName: 'burned', args: [BigInt(refunded!)] })).toBe(true);
    expect(await balanceOf('ana@fans.test')).toBe(0n);
    expect(await t.db.select().from(chainQueue)).toEqual([]);
    expect(await t.app.chain.verify()).toEqual({ ok: true, records: 3 });
  });

  it('sells while the node is down, keeps the tickets waiting, and puts everything on the chain once it is back', async () => {
    await node.stop();

    // A transfer of a minted ticket: the user's action succeeds, the chain's part waits with its error.
    await transfer(given, 'ben@fans.test', 'fay@fans.test');
    await t.app.mint().catch(() => undefined);
    const [stuck] = await t.db.select().from(chainQueue);
    expect(stuck).toMatchObject({ kind: 'transfer', attempts: 1, lastError: 'HTTP request failed. (fetch failed)' });

    // A sale: never blocked by the chain; its tickets wait for their mint, and one is given away before it.
    const logged = log.lines.length;
    const sold = await buy('dee@fans.test', 2);
    await transfer(sold[0]!, 'dee@fans.test', 'eve@fans.test');
    // The pass that follows the sale fails on its mint, and says so.
    await vi.waitFor(
      () =>
        expect(log.lines.slice(logged).join('')).toMatch(
          /"message":"HTTP request failed[^\n]*"msg":"putting tickets on the chain failed"/,
        ),
      { timeout: 10_000 },
    );
    const pending = await t.db.select().from(tickets).where(inArray(tickets.id, sold));
    expect(pending.map((x) => x.mintedAt)).toEqual([null, null]);
    expect(await waitingToMint()).toBe(2);

    await node.start();
    // The stuck change's next attempt is due now rather than in 10 s; the mints retry by themselves.
    await t.db.update(chainQueue).set({ nextAttemptAt: new Date() }).where(eq(chainQueue.id, stuck!.id));
    await vi.waitFor(
      async () => {
        expect(await waitingToMint()).toBe(0);
        expect(await t.db.select().from(chainQueue)).toEqual([]);
      },
      { timeout: 45_000, interval: 250 },
    );
    expect(await ownerOf(sold[0]!)).toBe(await holderOf('eve@fans.test'));
    expect(await ownerOf(sold[1]!)).toBe(await holderOf('dee@fans.test'));
    expect(await ownerOf(given)).toBe(await holderOf('fay@fans.test'));
    expect(await t.app.chain.verify()).toEqual({ ok: true, records: 5 });
  }, 90_000);
});
