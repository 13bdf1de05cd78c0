import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CheckoutResult, checkoutBodySchema } from '@portal/contract';
import type { z } from 'zod';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Payments } from '../../adapters/payments/index.ts';
import type { Db, Tx } from '../../db/client.ts';
import { eventDays, events, promocodes, promocodeTicketTypes, ticketTypes, users } from '../../db/schema/index.ts';
import { retryContended } from '../../lib/db-errors.ts';
import { conflict, HttpError, invalid, notFound } from '../../lib/http-error.ts';
import { toDollars } from '../../lib/money.ts';
import {
  answerAttempt,
  claimAttempt,
  inProgress,
  peekAttempt,
  providerKey,
  releaseAttempt,
  replay,
  requestHash,
  stillClaimed,
  type Claim,
} from './attempts.ts';
import { onSaleCondition } from './catalogue.ts';
import { confirmationMail } from './mails.ts';
import { discountedPrice, isPromoOpen } from './pricing.ts';
import { guardBasket, writeBasket } from './record-sale.ts';

type Input = z.output<typeof checkoutBodySchema>;
export type CheckoutDeps = {
  db: Db;
  payments: Payments;
  mailer: Mailer;
  mint: () => Promise<unknown>;
  log: (line: string) => void;
};

export type CheckoutOptions = {
  /** The buyer's `Idempotency-Key`: a retry under it is answered as the first attempt was. */
  idempotencyKey?: string;
  /** Aborted when the buyer's connection closes: a sale nobody is waiting for is not made. */
  signal?: AbortSignal;
  now?: Date;
};

const paymentRefused = (reason: string) => new HttpError(402, 'payment_declined', reason, { payment_method: reason });
const abandoned = () => conflict('The purchase was cancelled: the connection closed before it was answered.');

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

/** The basket priced from the database (never from the browser), after every rule a sale must pass. */
async function priceBasket(db: Db, input: Input, now: Date) {
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
  // A first look at the stock spares a charge that would be refunded; the guarded writes decide.
  const wanted = input.items.reduce((sum, i) => sum + i.quantity, 0);
  if (
    lines.some((l) => l.type.amount - l.type.sold - l.type.holdsAmount < l.item.quantity) ||
    (day.quantity > 0 && day.quantity - day.sold < wanted)
  ) {
    throw conflict('Not enough tickets are left.');
  }
  return { event, day, lines, totalCents: lines.reduce((sum, l) => sum + l.unitCents * l.item.quantity, 0) };
}

type Priced = Awaited<ReturnType<typeof priceBasket>>;

/**
 * The buyer's user, created on their first purchase. A returning buyer's row is only read, never
 * written: an upsert would lock it and tell every process that a user changed.
 */
async function buyerOf(tx: Tx, buyer: Input['buyer']) {
  const [created] = await tx
    .insert(users)
    .values({ email: buyer.email, fullName: buyer.full_name })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (created) return created;
  const [known] = await tx.select({ id: users.id }).from(users).where(eq(users.email, buyer.email));
  return known!;
}

/**
 * A purchase: the basket priced and checked, payment through the payments port, then one transaction
 * that writes every order, ticket and counter, or none. A sale that finds the stock gone after the
 * charge gives the money back before answering.
 *
 * With an idempotency key, the attempt is claimed before the charge and its answer kept, so a buyer
 * whose connection dropped retries and hears the first answer: never a second charge, never a sale
 * they were not told of.
 */
export async function checkout(deps: CheckoutDeps, input: Input, options: CheckoutOptions = {}) {
  const { db } = deps;
  const { idempotencyKey: key, now = new Date() } = options;
  let priced: Priced;
  try {
    priced = await priceBasket(db, input, now);
  } catch (err) {
    // A retry after its first attempt took the last tickets must hear that attempt, not "sold out".
    const earlier = key ? await peekAttempt(db, input.partner_id, key, requestHash(input)) : null;
    if (earlier) return replay(earlier);
    throw err;
  }
  const claim = key ? await claimAttempt(db, input.partner_id, key, requestHash(input)) : null;
  if (claim && 'answer' in claim) return replay(claim.answer);
  try {
    return await sell(deps, input, priced, claim && key ? { ...claim, key } : null, options.signal);
  } catch (err) {
    if (!claim) throw err instanceof MoneyOutstanding ? err.failure : err;
    if (err instanceof Superseded) {
      // A retry took the attempt over; whatever it answers is this buyer's answer.
      const answer = await peekAttempt(db, input.partner_id, key!, requestHash(input));
      if (answer) return replay(answer);
      throw inProgress();
    }
    if (err instanceof MoneyOutstanding) {
      // The claim stays open: a retry after the takeover window reuses the same charge at the provider.
      throw err.failure;
    }
    if (err instanceof HttpError && !options.signal?.aborted) {
      const { statusCode: status, code, message, fields } = err;
      await answerAttempt(db, claim, { status, error: { code, message, ...(fields ? { fields } : {}) } });
    } else {
      await releaseAttempt(db, claim);
    }
    throw err;
  }
}

/** The attempt was taken over by a retry, which owns its charge and its answer now. */
class Superseded extends Error {}

/**
 * A charge may stand that was not given back (its outcome unclear, or the refund failed): the attempt
 * must not be released, or a retry would charge again under a new key.
 */
class MoneyOutstanding extends Error {
  constructor(readonly failure: unknown) {
    super('a charge may be outstanding');
  }
}

async function sell(
  deps: CheckoutDeps,
  input: Input,
  { event, day, lines, totalCents }: Priced,
  claim: (Claim & { key: string }) | null,
  signal: AbortSignal | undefined,
): Promise<CheckoutResult> {
  const { db } = deps;
  const key = claim ? providerKey(input.partner_id, claim.key) : randomUUID();
  let paymentRef = 'free';
  if (totalCents > 0) {
    let charge;
    try {
      charge = await deps.payments.charge({
        amountCents: totalCents,
        paymentMethod: input.payment_method,
        description: `${event.name}`,
        idempotencyKey: key,
      });
    } catch (err) {
      throw new MoneyOutstanding(err);
    }
    if (!charge.ok) throw paymentRefused(charge.reason);
    paymentRef = charge.ref;
  }

  let result: CheckoutResult;
  try {
    result = await retryContended(() =>
      db.transaction(async (tx) => {
        const buyer = await buyerOf(tx, input.buyer);
        const basket = {
          partnerId: input.partner_id,
          eventId: event.id,
          eventDayId: day.id,
          buyerId: buyer.id,
          paymentRef,
          lines: lines.map((l) => ({
            ticketTypeId: l.type.id,
            quantity: l.item.quantity,
            unitPriceCents: l.unitCents,
            promocodeId: l.promocodeId,
          })),
        };
        const sales = await writeBasket(tx, basket);
        const nameOf = new Map(lines.map((l) => [l.type.id, l.type.name]));
        const answer: CheckoutResult = {
          order_ids: sales.map((s) => s.orderId),
          total: toDollars(totalCents),
          tickets: sales.flatMap((s) =>
            s.tickets.map((t) => ({
              ID: t.id,
              code: t.code,
              ticket_type: nameOf.get(s.line.ticketTypeId)!,
              price: toDollars(s.line.unitPriceCents),
            })),
          ),
        };
        if (claim && !(await answerAttempt(tx, claim, { status: 200, data: answer }))) throw new Superseded();
        if (signal?.aborted) throw abandoned();
        // Last, so the hot rows it locks are held for one round trip before the commit.
        await guardBasket(tx, basket);
        return answer;
      }),
    );
  } catch (err) {
    if (err instanceof Superseded || totalCents === 0) throw err;
    // Taken over meanwhile: the charge is the retry's to use, not ours to give back.
    if (claim && !(await stillClaimed(db, claim))) throw new Superseded();
    try {
      await deps.payments.refund(paymentRef, totalCents, `${key}-undo`);
    } catch (refundErr) {
      deps.log(`refund of ${paymentRef} after a failed sale failed: ${String(refundErr)}`);
      throw new MoneyOutstanding(err);
    }
    throw err;
  }

  // Minting and the mail follow the commit without holding the answer: a mint that fails stays
  // pending for the background minter, and the buyer's tickets are in the answer already.
  void deps.mint().catch(() => undefined);
  deps.mailer
    .send(confirmationMail(input.buyer.email, event.name, result.tickets))
    .catch((err: unknown) => deps.log(`confirmation mail to ${input.buyer.email} failed: ${String(err)}`));
  return result;
}
