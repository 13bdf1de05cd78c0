import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { createEvent, createPartnerWithAdmin } from '../../../test/seeders.ts';
import type { Mail, Mailer } from '../../adapters/mail/index.ts';
import { queryRows } from '../../db/client.ts';
import { events, mailQueue, outbox } from '../../db/schema/index.ts';
import { sendQueuedConfirmations } from './confirmations.ts';

describe('confirmation mail, queued by the sale and sent after its commit', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let sale: { partner_id: number; event_id: number; event_day_id: number; typeId: number };

  beforeAll(async () => {
    t = await buildTestApp();
    const partnerId = (await createPartnerWithAdmin(t.db)).partner.id;
    const { event, days, types } = await createEvent(t.db, partnerId, {
      name: 'Harbour Nights',
      days: [{ start: '2027-06-01T19:00:00Z', end: '2027-06-01T22:00:00Z' }],
      types: [{ name: 'Balcony', priceCents: 2500, amount: 50 }],
    });
    await t.db.update(events).set({ activeOnWidget: true }).where(eq(events.id, event.id));
    sale = { partner_id: partnerId, event_id: event.id, event_day_id: days[0]!.id, typeId: types[0]!.id };
  });
  afterAll(() => t.close());

  const buy = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/checkout',
      payload: {
        partner_id: sale.partner_id,
        event_id: sale.event_id,
        event_day_id: sale.event_day_id,
        items: [{ ticket_type_id: sale.typeId, quantity: 2 }],
        buyer: { email, full_name: 'Queued Fan' },
        payment_method: '4242424242424242',
      },
    });

  it('keeps a mail the mail server refused, with its error and a later attempt, and sends it once it can', async () => {
    const codes = ['7K2M9QX4RT1B', 'P8D3VN6WY0CE'];
    const failing: Mailer = {
      kind: 'smtp',
      send: () => Promise.reject(new Error('421 try again later')),
      close: async () => {},
    };
    await t.db.insert(mailQueue).values({
      kind: 'ticket_confirmation',
      recipient: 'queued@fans.test',
      payload: { event_name: 'Harbour Nights', tickets: codes.map((code) => ({ code, ticket_type: 'Balcony' })) },
    });

    expect(await sendQueuedConfirmations(t.db, failing, t.app.ticketPasses)).toBe(0);
    const [kept] = await queryRows<{ attempts: number; last_error: string; later: boolean }>(
      t.db,
      sql`select attempts, last_error, next_attempt_at > now() as later from mail_queue where recipient = 'queued@fans.test'`,
    );
    expect(kept).toMatchObject({ attempts: 1, last_error: 'Error: 421 try again later', later: true });
    // Not due yet: a second pass leaves it alone.
    expect(await sendQueuedConfirmations(t.db, failing, t.app.ticketPasses)).toBe(0);

    await t.db.execute(sql`update mail_queue set next_attempt_at = now() where recipient = 'queued@fans.test'`);
    const sent: Mail[] = [];
    const working: Mailer = { kind: 'smtp', send: async (mail) => void sent.push(mail), close: async () => {} };
    expect(await sendQueuedConfirmations(t.db, working, t.app.ticketPasses)).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Your tickets for Harbour Nights');
    for (const code of codes) expect(sent[0]!.text).toContain(`Balcony: ${code}`);
    expect(await t.db.select().from(mailQueue).where(eq(mailQueue.recipient, 'queued@fans.test'))).toEqual([]);
  });

  it('sends the mail of a sale to the outbox without the buyer waiting for it', async () => {
    expect((await buy('outbox@fans.test')).statusCode).toBe(200);
    await t.app.sendQueuedMail();
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, 'outbox@fans.test'));
    expect(mails.map((m) => m.subject)).toEqual(['Your tickets for Harbour Nights']);
    expect(await t.db.select().from(mailQueue).where(eq(mailQueue.recipient, 'outbox@fans.test'))).toEqual([]);
  });

  it('forgets the mails of a batch that went out, in one go, and keeps the one that did not', async () => {
    const recipients = ['one@batch.test', 'two@batch.test', 'three@batch.test'];
    await t.db.insert(mailQueue).values(
      recipients.map((recipient, i) => ({
        kind: 'ticket_confirmation' as const,
        recipient,
        payload: { event_name: 'Harbour Nights', tickets: [{ code: `BATCH${i}QX4RT1B`, ticket_type: 'Balcony' }] },
      })),
    );
    const sent: string[] = [];
    const picky: Mailer = {
      kind: 'smtp',
      send: async (mail) => {
        if (mail.to === 'two@batch.test') throw new Error('550 mailbox unavailable');
        sent.push(mail.to);
      },
      close: async () => {},
    };
    expect(await sendQueuedConfirmations(t.db, picky, t.app.ticketPasses)).toBe(2);
    expect(sent).toEqual(['one@batch.test', 'three@batch.test']);
    const left = await t.db.select().from(mailQueue).where(inArray(mailQueue.recipient, recipients));
    expect(left.map((m) => [m.recipient, m.lastError])).toEqual([['two@batch.test', 'Error: 550 mailbox unavailable']]);
  });
});
