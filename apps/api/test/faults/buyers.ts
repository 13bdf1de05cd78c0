import type { CheckoutBody, CheckoutResult } from '@portal/contract';
import type { Db } from '../../src/db/client.ts';
import { checkoutBody, createEventOnSale, createPartner, createPromo } from '../seeders.ts';

/** What is on sale: four ticket types of one day of one event, and a promo code for the first. */
export type OnSale = { partnerId: number; eventId: number; dayId: number; typeIds: number[]; promoCode: string };

/** A partner with one event on the widget with four ticket types of `amount` tickets each, a promo on the first. */
export async function putOnSale(db: Db, amount: number): Promise<OnSale> {
  const partner = await createPartner(db);
  const { event, days, types } = await createEventOnSale(
    db,
    partner.id,
    ['General', 'Balcony', 'Family', 'VIP'].map((name, i) => ({ name, priceCents: 4500 + 2500 * i, amount })),
  );
  const typeIds = types.map((t) => t.id);
  const promo = await createPromo(db, partner.id, typeIds[0]!, { code: 'RUSH5', discountCents: 500 });
  return { partnerId: partner.id, eventId: event.id, dayId: days[0]!.id, typeIds, promoCode: promo.code };
}

type Items = CheckoutBody['items'];

/**
 * Buyer n's basket: one to four ticket types, starting at a different type for different buyers and
 * wrapping round (so baskets name shared types in opposite orders), one or two of the first, so a
 * purchase is often several orders that must be written together.
 */
export const mixedBasket = (sale: OnSale, n: number): Items => {
  const count = 1 + (n % 4);
  const start = Math.floor(n / 4) % sale.typeIds.length;
  return Array.from({ length: count }, (_, i) => ({
    ticket_type_id: sale.typeIds[(start + i) % sale.typeIds.length]!,
    quantity: i === 0 ? 1 + (n % 2) : 1,
  }));
};

/** Buyer n's purchase; every third buyer whose basket holds the first type brings its promo code. */
export function purchaseOf(sale: OnSale, n: number, tag: string, items = mixedBasket(sale, n)): CheckoutBody {
  const buyer = { email: `${tag}-${n}@fans.test`, full_name: `Fan ${tag} ${n}` };
  const promo = n % 3 === 0 && items.some((i) => i.ticket_type_id === sale.typeIds[0]);
  return checkoutBody(sale, buyer, items, promo ? { promo_code: sale.promoCode } : {});
}

/**
 * What one buyer asked for and got back. `lost` means no answer arrived (the server went away): the
 * sale may or may not have been written, and either is fine as long as it was written whole.
 */
export type Purchase = {
  email: string;
  /** One order per line of the basket. */
  lines: number;
  status: number | 'lost';
  body: { success: true; data: CheckoutResult } | { success: false; error: { code: string; message: string } } | null;
};

/**
 * One checkout over HTTP, the way the widget sends it: with `key`, under that idempotency key; with
 * `abandonAfterMs`, the buyer gives up waiting after that long (the request is aborted, answered 'lost').
 */
export async function buy(
  baseUrl: string,
  purchase: CheckoutBody,
  { key, abandonAfterMs }: { key?: string; abandonAfterMs?: number } = {},
): Promise<Purchase> {
  const asked = { email: purchase.buyer.email, lines: purchase.items.length };
  try {
    const response = await fetch(`${baseUrl}/api/public/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(purchase),
      // A loaded machine is slow, but a server that never answers must not hang the suite.
      signal: AbortSignal.timeout(abandonAfterMs ?? 120_000),
    });
    return { ...asked, status: response.status, body: (await response.json()) as Purchase['body'] };
  } catch {
    return { ...asked, status: 'lost', body: null };
  }
}

/**
 * A buyer as the widget behaves: one key for the attempt, sent again after a dropped connection or
 * while the first request is still being worked on, until a final answer arrives. With
 * `abandonAfterMs`, the first request is given up on after that long.
 */
export async function buyUntilAnswered(
  baseUrl: string,
  purchase: CheckoutBody,
  key: string,
  abandonAfterMs?: number,
): Promise<Purchase & { tries: number }> {
  let answer = await buy(baseUrl, purchase, { key, abandonAfterMs });
  let tries = 1;
  const inProgress = (p: Purchase) =>
    p.status === 409 && p.body?.success === false && p.body.error.code === 'in_progress';
  // Bounded, so a server that never settles fails the test instead of hanging it.
  while ((answer.status === 'lost' || inProgress(answer)) && tries < 300) {
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    answer = await buy(baseUrl, purchase, { key });
    tries += 1;
  }
  return { ...answer, tries };
}

export const answered = <P extends Purchase>(purchases: P[], status: Purchase['status']) =>
  purchases.filter((p) => p.status === status);

/**
 * Buyers keep coming, `concurrency` at a time, until the server stops answering or `limit` buyers
 * have tried: each worker buys again after every answer and ends at its first lost request.
 * `onPurchase` hears of every purchase as it is answered.
 */
export async function endlessRush(
  baseUrl: string,
  sale: OnSale,
  tag: string,
  { concurrency, limit, onPurchase }: { concurrency: number; limit: number; onPurchase: (all: Purchase[]) => void },
) {
  const purchases: Purchase[] = [];
  let next = 0;
  const worker = async () => {
    while (next < limit) {
      const purchase = await buy(baseUrl, purchaseOf(sale, next++, tag));
      purchases.push(purchase);
      onPurchase(purchases);
      if (purchase.status === 'lost') return;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return purchases;
}
