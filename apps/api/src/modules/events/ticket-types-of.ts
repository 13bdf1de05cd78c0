import type { TicketType } from '@portal/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { promocodes, promocodeTicketTypes, templates, ticketTypes } from '../../db/schema/index.ts';
import { toDollars } from '../../lib/money.ts';

type Row = typeof ticketTypes.$inferSelect;

export const toTicketType = (t: Row, templateImage: string, promos?: TicketType['Promocodes']): TicketType => ({
  ID: t.id,
  name: t.name,
  initial_price: toDollars(t.initialPriceCents),
  description: t.description,
  amount: t.amount,
  holds_amount: t.holdsAmount,
  // The analytics' sums, not the stock counter `sold`, which counts comps too (see the contract).
  sold: t.ticketsSold,
  comps: t.ticketsComps,
  status: t.status,
  template_id: t.templateId,
  template_image: templateImage,
  event_id: t.eventId,
  secondary_royalty: t.secondaryRoyalty,
  selling_time: t.sellingTime?.toISOString() ?? null,
  ...(promos ? { Promocodes: promos } : {}),
});

/** Ticket types of these events with their design, and optionally the promo codes attached to each. */
export async function ticketTypesOf(db: Db, eventIds: number[], withPromos = false): Promise<TicketType[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .select({ type: ticketTypes, image: templates.image })
    .from(ticketTypes)
    .leftJoin(templates, eq(templates.id, ticketTypes.templateId))
    .where(inArray(ticketTypes.eventId, eventIds))
    .orderBy(asc(ticketTypes.id));
  const attached = withPromos
    ? await db
        .select({
          ticketTypeId: promocodeTicketTypes.ticketTypeId,
          ID: promocodes.id,
          code: promocodes.code,
          quantity: promocodeTicketTypes.quantity,
        })
        .from(promocodeTicketTypes)
        .innerJoin(promocodes, eq(promocodes.id, promocodeTicketTypes.promocodeId))
        .where(
          and(
            inArray(
              promocodeTicketTypes.ticketTypeId,
              rows.map((r) => r.type.id),
            ),
          ),
        )
        .orderBy(asc(promocodes.id))
    : [];
  return rows.map(({ type, image }) =>
    toTicketType(
      type,
      image ?? '',
      withPromos
        ? attached.filter((a) => a.ticketTypeId === type.id).map(({ ID, code, quantity }) => ({ ID, code, quantity }))
        : undefined,
    ),
  );
}
