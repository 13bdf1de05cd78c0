import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser } from '../../../test/seeders.ts';
import { suiteApp, suiteOrganisation } from '../../../test/suite.ts';
import { eventDays, partnerFans, ticketTypes } from '../../db/schema/index.ts';
import { recordSale } from './record-sale.ts';

describe('a sale written in one call', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);

  const twoDays = () =>
    createEvent(t.db, org.partnerId, {
      days: [
        { start: '2027-06-01T19:00:00Z', end: '2027-06-01T22:00:00Z' },
        { start: '2027-06-02T19:00:00Z', end: '2027-06-02T22:00:00Z' },
      ],
      types: [
        { name: 'GA', priceCents: 3000, amount: 10 },
        { name: 'Comp', priceCents: 0, amount: 10 },
      ],
    });

  /** A new buyer's sale of the first type on the first day, at its price. */
  async function sellFirst({ event, days, types }: Awaited<ReturnType<typeof twoDays>>, quantity: number) {
    const buyer = await createUser(t.db);
    const sale = await recordSale(t.db, {
      partnerId: org.partnerId,
      eventId: event.id,
      eventDayId: days[0]!.id,
      buyerId: buyer.id,
      ticketTypeId: types[0]!.id,
      quantity,
      unitPriceCents: 3000,
    });
    return { buyer, sale };
  }

  it('writes the order, its tickets, the stock and the sums, and makes the buyer a fan', async () => {
    const onSale = await twoDays();
    const { days, types } = onSale;
    const { buyer, sale } = await sellFirst(onSale, 3);
    expect(sale.tickets).toHaveLength(3);
    const [type] = await t.db.select().from(ticketTypes).where(eq(ticketTypes.id, types[0]!.id));
    expect(type).toMatchObject({ sold: 3, ticketsSold: 3, ticketsComps: 0, soldCents: 9000 });
    const [day] = await t.db.select().from(eventDays).where(eq(eventDays.id, days[0]!.id));
    expect(day!.sold).toBe(3);
    expect(await t.db.select().from(partnerFans).where(eq(partnerFans.userId, buyer.id))).toHaveLength(1);
  });

  it('refuses, in the database itself, to delete a day or a ticket type that has orders', async () => {
    const onSale = await twoDays();
    const { days, types } = onSale;
    await sellFirst(onSale, 1);
    const codeOf = (statement: Promise<unknown>) =>
      statement.then(
        () => 'deleted',
        (err: { code?: string; cause?: { code?: string } }) => err.code ?? err.cause?.code,
      );
    expect(await codeOf(t.db.execute(sql`delete from ticket_types where id = ${types[0]!.id}`))).toBe('23503');
    expect(await codeOf(t.db.execute(sql`delete from event_days where id = ${days[0]!.id}`))).toBe('23503');
    expect(await codeOf(t.db.execute(sql`delete from ticket_types where id = ${types[1]!.id}`))).toBe('deleted');
    expect(await codeOf(t.db.execute(sql`delete from event_days where id = ${days[1]!.id}`))).toBe('deleted');
  });
});
