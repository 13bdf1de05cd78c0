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
 * Buyer n's basket: one to four ticket types, one or two of the first, so a purchase is often several
 * orders that must be written together.
 */
export const mixedBasket = (sale: OnSale, n: number): Items =>
  sale.typeIds.slice(0, 1 + (n % 4)).map((id, i) => ({ ticket_type_id: id, quantity: i === 0 ? 1 + (n % 2) : 1 }));

/** Buyer n's purchase; every third buyer brings the promo code, so its counter moves too. */
export function purchaseOf(sale: OnSale, n: number, tag: string, items = mixedBasket(sale, n)): CheckoutBody {
  const buyer = { email: `${tag}-${n}@fans.test`, full_name: `Fan ${tag} ${n}` };
  return checkoutBody(sale, buyer, items, n % 3 === 0 ? { promo_code: sale.promoCode } : {});
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

/** One checkout over HTTP, the way the widget sends it. */
export async function buy(baseUrl: string, purchase: CheckoutBody): Promise<Purchase> {
  const asked = { email: purchase.buyer.email, lines: purchase.items.length };
  try {
    const response = await fetch(`${baseUrl}/api/public/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(purchase),
      // A loaded machine is slow, but a server that never answers must not hang the suite.
      signal: AbortSignal.timeout(120_000),
    });
    return { ...asked, status: response.status, body: (await response.json()) as Purchase['body'] };
  } catch {
    return { ...asked, status: 'lost', body: null };
  }
}

export const answered = (purchases: Purchase[], status: Purchase['status']) =>
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
