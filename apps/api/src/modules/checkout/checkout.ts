import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CheckoutResult, checkoutBodySchema } from '@portal/contract';
import type { z } from 'zod';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Payments } from '../../adapters/payments/index.ts';
import type { Db } from '../../db/client.ts';
import { eventDays, events, promocodes, promocodeTicketTypes, ticketTypes, users } from '../../db/schema/index.ts';
import { conflict, HttpError, invalid, notFound } from '../../lib/http-error.ts';
import { toDollars } from '../../lib/money.ts';
import { onSaleCondition } from './catalogue.ts';
import { confirmationMail } from './mails.ts';
import { discountedPrice, isPromoOpen } from './pricing.ts';
import { recordSale } from './record-sale.ts';

type Input = z.output<typeof checkoutBodySchema>;
export type CheckoutDeps = {
  db: Db;
  payments: Payments;
  mailer: Mailer;
  mint: () => Promise<unknown>;
  log: (line: string) => void;
};

const paymentRefused = (reason: string) => new HttpError(402, 'payment_declined', reason, { payment_method: reason });

/** The promo, if the code names an open one of this partner; its attachments say which tickets it lowers. */
async function openPromo(db: Db, partnerId: number, code: string | undefined, now: Date) {
  if (!code) return null;
  const [promo] = await db
    .select()
    .from(promocodes)
    .where(and(eq(promocodes.partnerId, partnerId), sql`lower(${promocodes.code}) = lower(${code})`));
  if (!promo || !isPromoOpen(promo, now))
    throw invalid('This promo code is not valid now.', { promo_code: 'not valid' });
  const attached = await db.select().from(promocodeTicketTypes).where(eq(promocodeTicketTypes.promocodeId, promo.id));
  return { promo, attachedTo: new Set(attached.map((a) => a.ticketTypeId)) };
}

/**
 * A purchase: prices from the database (never from the browser), the promo's rules, payment through
 * the payments port, then one transaction that writes every order, ticket and counter, or none. A sale
 * that finds the stock gone after the charge gives the money back before answering.
 */
export async function checkout(deps: CheckoutDeps, input: Input, now = new Date()): Promise<CheckoutResult> {
  const { db } = deps;
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, input.event_id), eq(events.partnerId, input.partner_id), eq(events.activeOnWidget, true)));
  if (!event) throw notFound('Event');
  const [day] = await db
    .select()
    .from(eventDays)
    .where(and(eq(eventDays.id, input.event_day_id), eq(eventDays.eventId, event.id)));
  if (!day || day.endDate <= now) throw notFound('Day');
  const typeIds = [...new Set(input.items.map((i) => i.ticket_type_id))];
  if (typeIds.length !== input.items.length)
    throw invalid('Each ticket type appears once.', { items: 'duplicate ticket type' });
  const types = await db
    .select({ type: ticketTypes })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(
      and(
        inArray(ticketTypes.id, typeIds),
        eq(ticketTypes.eventId, event.id),
        eq(ticketTypes.status, true),
        onSaleCondition(now),
      ),
    );
  if (types.length !== typeIds.length) throw notFound('Ticket type');

  const promo = await openPromo(db, input.partner_id, input.promo_code, now);
  if (promo && !typeIds.some((id) => promo.attachedTo.has(id))) {
    throw invalid('This promo code does not apply to these tickets.', { promo_code: 'not for these tickets' });
  }
  const lines = input.items.map((item) => {
    const type = types.find((t) => t.type.id === item.ticket_type_id)!.type;
    const applies = promo?.attachedTo.has(type.id) ?? false;
    return {
      item,
      type,
      promocodeId: applies ? promo!.promo.id : null,
      unitCents: discountedPrice(type.initialPriceCents, applies ? promo!.promo : null),
    };
  });
  const totalCents = lines.reduce((sum, l) => sum + l.unitCents * l.item.quantity, 0);
  // A first look at the stock spares a charge that would be refunded; the guarded writes decide.
  const wanted = input.items.reduce((sum, i) => sum + i.quantity, 0);
  if (
    lines.some((l) => l.type.amount - l.type.sold - l.type.holdsAmount < l.item.quantity) ||
    (day.quantity > 0 && day.quantity - day.sold < wanted)
  ) {
    throw conflict('Not enough tickets are left.');
  }

  const key = randomUUID();
  let paymentRef = 'free';
  if (totalCents > 0) {
    const charge = await deps.payments.charge({
      amountCents: totalCents,
      paymentMethod: input.payment_method,
      description: `${event.name}`,
      idempotencyKey: key,
    });
    if (!charge.ok) throw paymentRefused(charge.reason);
    paymentRef = charge.ref;
  }

  let written;
  try {
    written = await db.transaction(async (tx) => {
      await tx
        .insert(users)
        .values({ email: input.buyer.email, fullName: input.buyer.full_name })
        .onConflictDoNothing({ target: users.email });
      const [buyer] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.buyer.email));
      const sales = [];
      for (const l of lines) {
        const sale = await recordSale(tx, {
          partnerId: input.partner_id,
          eventId: event.id,
          eventDayId: day.id,
          ticketTypeId: l.type.id,
          buyerId: buyer!.id,
          quantity: l.item.quantity,
          unitPriceCents: l.unitCents,
          promocodeId: l.promocodeId,
          paymentRef,
          createdAt: now,
        });
        sales.push({ ...sale, line: l });
      }
      return sales;
    });
  } catch (err) {
    if (totalCents > 0) await deps.payments.refund(paymentRef, totalCents, `${key}-undo`);
    throw err;
  }

  // Minting and the mail follow the commit without holding the answer: a mint that fails stays
  // pending for the background minter, and the buyer's tickets are in the answer already.
  void deps.mint().catch(() => undefined);
  const tickets = written.flatMap((s) =>
    s.tickets.map((t) => ({
      ID: t.id,
      code: t.code,
      ticket_type: s.line.type.name,
      price: toDollars(s.line.unitCents),
    })),
  );
  deps.mailer
    .send(confirmationMail(input.buyer.email, event.name, tickets))
    .catch((err: unknown) => deps.log(`confirmation mail to ${input.buyer.email} failed: ${String(err)}`));
  return { order_ids: written.map((s) => s.orderId), total: toDollars(totalCents), tickets };
}
