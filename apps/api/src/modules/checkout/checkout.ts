import { randomUUID } from 'node:crypto';
import type { CheckoutResult, checkoutBodySchema } from '@portal/contract';
import type { z } from 'zod';
import type { Payments } from '../../adapters/payments/index.ts';
import type { Db } from '../../db/client.ts';
import { retryContended } from '../../lib/db-errors.ts';
import { conflict, HttpError } from '../../lib/http-error.ts';
import {
  answerAttempt,
  claimAttempt,
  inProgress,
  peekAttempt,
  providerKey,
  purchaseKey,
  releaseAttempt,
  replay,
  stillClaimed,
  type Claim,
  type PurchaseKey,
} from './attempts.ts';
import { quoteBasket, RefusedWithNewKey, type Quote } from './quote.ts';
import { isTypeSoldOut, recordBasket, sellsInBatches, Superseded, type Basket } from './record-sale.ts';
import type { SaleBatches } from './sale-batches.ts';
import type { SaleLanes } from './sale-lanes.ts';
import type { StockMemo } from './stock-memo.ts';

type Input = z.output<typeof checkoutBodySchema>;
export type CheckoutDeps = {
  db: Db;
  payments: Payments;
  stock: StockMemo;
  lanes: SaleLanes;
  batches: SaleBatches;
  /** Called after each sale's commit: its tickets wait to be minted and its mail to be sent. */
  afterSale: () => void;
  log: (line: string) => void;
};

export type CheckoutOptions = {
  /** The buyer's `Idempotency-Key`: a retry under it is answered as the first attempt was. */
  idempotencyKey?: string;
  /**
   * Watches the buyer's connection: the signal aborts when it closes, and a sale nobody is waiting for
   * is not made. Asked for once the basket is priced; a buyer refused before then needs no watch.
   */
  watch?: () => AbortSignal;
  now?: Date;
};

const paymentRefused = (reason: string) => new HttpError(402, 'payment_declined', reason, { payment_method: reason });
const abandoned = () => conflict('The purchase was cancelled: the connection closed before it was answered.');

/**
 * A purchase: the basket priced and checked, payment through the payments port, then one transaction
 * that writes every order, ticket, seat and counter, or none. A sale that finds the stock gone (or
 * the buyer's seats no longer held) after the charge gives the money back before answering.
 *
 * With an idempotency key, the attempt is claimed before the charge and its answer kept, so a buyer
 * whose connection dropped retries and hears the first answer: never a second charge, never a sale
 * they were not told of.
 */
export async function checkout(deps: CheckoutDeps, input: Input, options: CheckoutOptions = {}) {
  const { db } = deps;
  const { idempotencyKey, now = new Date() } = options;
  const key = idempotencyKey ? purchaseKey(idempotencyKey, input) : null;
  let priced: Quote;
  // A retry after its first attempt took the last tickets must hear that attempt, not "sold out". A
  // buyer who has to wait in line to look at the stock reads it while waiting: in a rush most of the
  // line is refused at once, and their answers need not then wait for that read.
  const earlier = key ? lazily(() => peekAttempt(db, input.partner_id, key)) : null;
  try {
    priced = await quoteBasket(db, input, now, deps.stock, key, earlier?.start);
  } catch (err) {
    if (err instanceof RefusedWithNewKey) throw err.refusal;
    const answer = earlier ? await earlier.result() : null;
    if (answer) return replay(answer);
    throw err;
  }
  try {
    return await settle(deps, input, priced, key, options.watch?.());
  } finally {
    priced.hold.release();
  }
}

/** A read started when first wanted, or on demand; one nobody awaits may fail unheard. */
function lazily<T>(read: () => Promise<T>) {
  let reading: Promise<T> | undefined;
  const start = () => {
    if (reading) return reading;
    reading = read();
    reading.catch(() => {});
    return reading;
  };
  return { start: () => void start(), result: start };
}

/** After the quote: the sale under its claim, or the answer a key already has. */
async function settle(
  deps: CheckoutDeps,
  input: Input,
  priced: Quote,
  key: PurchaseKey | null,
  signal: AbortSignal | undefined,
): Promise<CheckoutResult> {
  const { db } = deps;
  // A key seen before: answered, taken over, still running or sent with another basket.
  const claim = !key ? null : (priced.claim ?? (await claimAttempt(db, input.partner_id, key)));
  if (claim && 'answer' in claim) return replay(claim.answer);
  try {
    return await sell(deps, input, priced, claim && key ? { ...claim, key: key.key } : null, signal);
  } catch (err) {
    if (!claim) throw err instanceof MoneyOutstanding ? err.failure : err;
    if (err instanceof Superseded) {
      // A retry took the attempt over; whatever it answers is this buyer's answer.
      const answer = await peekAttempt(db, input.partner_id, key!);
      if (answer) return replay(answer);
      throw inProgress();
    }
    if (err instanceof MoneyOutstanding) {
      // The claim stays open: a retry after the takeover window reuses the same charge at the provider.
      throw err.failure;
    }
    if (err instanceof HttpError && !signal?.aborted) {
      const { statusCode: status, code, message, fields } = err;
      await answerAttempt(db, claim, { status, error: { code, message, ...(fields ? { fields } : {}) } });
    } else {
      await releaseAttempt(db, claim);
    }
    throw err;
  }
}

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
  { event, day, lines, seatHold, totalCents, hold }: Quote,
  claim: (Claim & { key: string }) | null,
  signal: AbortSignal | undefined,
): Promise<CheckoutResult> {
  const { db } = deps;
  const key = claim ? providerKey(input.partner_id, claim.key) : randomUUID();
  // Others may have found the stock gone since this basket was priced: no charge to give back then.
  if (deps.stock.lacks(hold.wants, hold)) throw conflict('Not enough tickets are left.');
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

  const basket: Basket = {
    partnerId: input.partner_id,
    eventId: event.id,
    eventDayId: day.id,
    buyer: input.buyer,
    paymentRef,
    seatHold,
    lines: lines.map((l) => ({
      ticketTypeId: l.type.id,
      name: l.type.name,
      quantity: l.item.quantity,
      unitPriceCents: l.unitCents,
      promocodeId: l.promocodeId,
      ...(l.seats.length > 0 ? { seatIds: l.seats.map((s) => s.id) } : {}),
    })),
  };
  const options = { attempt: claim, mail: { eventName: event.name } };
  const joining = () => {
    // The buyer gone before the write (or while waiting for it): nothing is sold, and their charge
    // is given back below.
    if (signal?.aborted) throw abandoned();
    // From the write on, a read of the stock may see this sale: the memo counts it as seen, and as
    // perhaps unseen until the write ends (`StockMemo.unsure`).
    hold.write();
  };

  const write = async () => {
    try {
      return sellsInBatches(basket)
        ? await deps.batches(event.id, { basket, options, joining }, signal)
        : await deps.lanes(
            event.id,
            () => {
              joining();
              return retryContended(() => recordBasket(db, basket, options));
            },
            signal,
          );
    } finally {
      // Written or not, the sale is over: buyers waiting to look again need not wait for a refund.
      hold.release();
    }
  };

  let result: CheckoutResult;
  try {
    const { buyer_id: _buyer, ...answer } = await write();
    result = answer;
  } catch (err) {
    if (isTypeSoldOut(err) && lines.length === 1)
      deps.stock.saw(`type:${lines[0]!.type.id}`, lines[0]!.item.quantity - 1);
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

  // Minting and the mail follow the commit without holding the answer; both are durable (the
  // tickets stay unminted and the mail queued until done), so a failure is retried, never lost.
  deps.afterSale();
  return result;
}
