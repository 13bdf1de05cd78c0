/** A promo's effect on one ticket's price (in cents): flat or percentage, never below zero. */
export function discountedPrice(
  priceCents: number,
  promo: { couponType: 'flat' | 'percentage'; discountCents: number; percentage: number } | null,
): number {
  if (!promo) return priceCents;
  const price =
    promo.couponType === 'flat' ? priceCents - promo.discountCents : Math.round(priceCents * (1 - promo.percentage));
  return Math.max(0, price);
}

/** A promo applies from its start; an end before 1971 means it never ends. */
export function isPromoOpen(
  promo: { active: boolean; draft: boolean; startDate: Date; endDate: Date },
  now: Date,
): boolean {
  if (!promo.active || promo.draft || promo.startDate > now) return false;
  return promo.endDate.getUTCFullYear() < 1971 || now <= promo.endDate;
}
