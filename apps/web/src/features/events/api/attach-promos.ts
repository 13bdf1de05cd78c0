import type { TicketType } from '@portal/contract';
import { attachPromoCode, detachPromoCode } from '../../../api/promo-codes.ts';
import type { TicketDraft } from '../ticket-draft.ts';

/**
 * Finish, after the ticket types exist: each draft's promo codes are attached to the ticket types it
 * became (one per event of a series), one call per promo code.
 */
export async function attachDraftPromos(drafts: TicketDraft[], created: TicketType[]) {
  const perDraft = created.length / drafts.length;
  const byPromo = new Map<number, { id: number; quantity: number }[]>();
  drafts.forEach((draft, i) => {
    for (const type of created.slice(i * perDraft, (i + 1) * perDraft)) {
      for (const promo of draft.attachedPromoCodes) {
        byPromo.set(promo.ID, [...(byPromo.get(promo.ID) ?? []), { id: type.ID, quantity: promo.quantity }]);
      }
    }
  });
  await Promise.all([...byPromo].map(([promoId, items]) => attachPromoCode(promoId, items)));
}

/** Editing a ticket type: the codes no longer ticked are detached from it. */
export async function detachDroppedPromos(ticket: TicketType, draft: TicketDraft) {
  const kept = new Set(draft.attachedPromoCodes.map((p) => p.ID));
  await Promise.all(
    (ticket.Promocodes ?? []).filter((p) => !kept.has(p.ID)).map((p) => detachPromoCode(p.ID, ticket.ID)),
  );
}
