import { and, asc, eq, inArray } from 'drizzle-orm';
import { messages, type PromoCode, type PromoCodeUpdate, type promoCodeInputSchema } from '@portal/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { events, promocodes, promocodeTicketTypes, ticketTypes } from '../../db/schema/index.ts';
import { conflict, invalid, notFound } from '../../lib/http-error.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';

type Input = z.output<typeof promoCodeInputSchema>;
type Row = typeof promocodes.$inferSelect;

const nameUsed = () => conflict(messages.promoNameUsed, { code: messages.promoNameUsed });

async function attachmentsOf(db: Db, promoIds: number[]) {
  if (promoIds.length === 0) return [];
  return db
    .select({
      promoId: promocodeTicketTypes.promocodeId,
      ID: ticketTypes.id,
      name: ticketTypes.name,
      event_id: events.id,
      event_name: events.name,
      quantity: promocodeTicketTypes.quantity,
      used: promocodeTicketTypes.used,
    })
    .from(promocodeTicketTypes)
    .innerJoin(ticketTypes, eq(ticketTypes.id, promocodeTicketTypes.ticketTypeId))
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(inArray(promocodeTicketTypes.promocodeId, promoIds))
    .orderBy(asc(events.id), asc(ticketTypes.id));
}

async function toPromoCodes(db: Db, rows: Row[]): Promise<PromoCode[]> {
  const attached = await attachmentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((p) => ({
    ID: p.id,
    code: p.code,
    discount: toDollars(p.discountCents),
    percentage: p.percentage,
    coupon_type: p.couponType,
    start_date: p.startDate.toISOString(),
    end_date: p.endDate.toISOString(),
    draft: p.draft,
    active: p.active,
    partner_id: p.partnerId,
    created_at: p.createdAt.toISOString(),
    TicketTypes: attached.filter((a) => a.promoId === p.id).map(({ promoId: _promoId, ...t }) => t),
  }));
}

export async function listPromoCodes(db: Db, partnerId: number) {
  const rows = await db
    .select()
    .from(promocodes)
    .where(eq(promocodes.partnerId, partnerId))
    .orderBy(asc(promocodes.id));
  return toPromoCodes(db, rows);
}

async function ownedPromo(db: Db, partnerId: number, id: number) {
  const [row] = await db
    .select()
    .from(promocodes)
    .where(and(eq(promocodes.id, id), eq(promocodes.partnerId, partnerId)));
  if (!row) throw notFound('Promo code');
  return row;
}

export async function getPromoCode(db: Db, partnerId: number, id: number) {
  return (await toPromoCodes(db, [await ownedPromo(db, partnerId, id)]))[0]!;
}

const columns = (p: Partial<Input>) => ({
  code: p.code,
  couponType: p.coupon_type,
  discountCents: p.discount === undefined ? undefined : toCents(p.discount),
  percentage: p.percentage,
  startDate: p.start_date === undefined ? undefined : new Date(p.start_date),
  endDate: p.end_date === undefined ? undefined : new Date(p.end_date),
  draft: p.draft,
  active: p.active,
});

export async function createPromoCode(db: Db, partnerId: number, input: Input) {
  try {
    const [row] = await db
      .insert(promocodes)
      .values({
        partnerId,
        code: input.code,
        couponType: input.coupon_type,
        discountCents: toCents(input.discount),
        percentage: input.percentage,
        startDate: new Date(input.start_date),
        endDate: new Date(input.end_date),
        draft: input.draft,
        active: input.active,
      })
      .returning();
    return (await toPromoCodes(db, [row!]))[0]!;
  } catch (err) {
    if (isUniqueViolation(err)) throw nameUsed();
    throw err;
  }
}

export async function updatePromoCode(db: Db, partnerId: number, id: number, patch: PromoCodeUpdate) {
  const current = await ownedPromo(db, partnerId, id);
  const start = patch.start_date ?? current.startDate.toISOString();
  const end = patch.end_date ?? current.endDate.toISOString();
  if (new Date(end).getUTCFullYear() >= 1971 && new Date(start) >= new Date(end)) {
    throw invalid('The promo must end after it starts.', { end_date: 'the promo must end after it starts' });
  }
  const changes = Object.fromEntries(
    Object.entries(columns(patch as Partial<Input>)).filter(([, v]) => v !== undefined),
  );
  try {
    if (Object.keys(changes).length) await db.update(promocodes).set(changes).where(eq(promocodes.id, id));
  } catch (err) {
    if (isUniqueViolation(err)) throw nameUsed();
    throw err;
  }
  return getPromoCode(db, partnerId, id);
}

/** Attaches ticket types (each with a quantity, -1 unlimited); every one must be this partner's. */
export async function attachTicketTypes(
  db: Db,
  partnerId: number,
  id: number,
  items: { id: number; quantity: number }[],
) {
  await ownedPromo(db, partnerId, id);
  const ids = [...new Set(items.map((i) => i.id))];
  const mine = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(and(inArray(ticketTypes.id, ids), eq(events.partnerId, partnerId)));
  if (mine.length !== ids.length) throw notFound('Ticket type');
  const usage = await db
    .select({ id: promocodeTicketTypes.ticketTypeId, used: promocodeTicketTypes.used })
    .from(promocodeTicketTypes)
    .where(and(eq(promocodeTicketTypes.promocodeId, id), inArray(promocodeTicketTypes.ticketTypeId, ids)));
  for (const item of items) {
    const used = usage.find((u) => u.id === item.id)?.used ?? 0;
    if (item.quantity !== -1 && item.quantity < used) {
      throw conflict(
        `This code has already been used ${used} times on that ticket type; the quantity cannot be lower.`,
        {
          quantity: `at least ${used}`,
        },
      );
    }
  }
  await db.transaction(async (tx) => {
    for (const item of items) {
      await tx
        .insert(promocodeTicketTypes)
        .values({ promocodeId: id, ticketTypeId: item.id, quantity: item.quantity })
        .onConflictDoUpdate({
          target: [promocodeTicketTypes.promocodeId, promocodeTicketTypes.ticketTypeId],
          set: { quantity: item.quantity },
        });
    }
  });
  return getPromoCode(db, partnerId, id);
}

export async function detachTicketType(db: Db, partnerId: number, promoId: number, ticketTypeId: number) {
  await ownedPromo(db, partnerId, promoId);
  const removed = await db
    .delete(promocodeTicketTypes)
    .where(and(eq(promocodeTicketTypes.promocodeId, promoId), eq(promocodeTicketTypes.ticketTypeId, ticketTypeId)))
    .returning({ id: promocodeTicketTypes.ticketTypeId });
  if (removed.length === 0) throw notFound('Attachment');
  return getPromoCode(db, partnerId, promoId);
}
