import { and, eq, sql } from 'drizzle-orm';
import type { TicketType, TicketTypeInput, ticketTypeInputSchema } from '@portal/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { events, orders, templates, ticketTypes } from '../../db/schema/index.ts';
import { conflict, invalid, notFound } from '../../lib/http-error.ts';
import { toCents } from '../../lib/money.ts';
import { ownedEvent, ticketTypesOf } from '../events/index.ts';

type Input = z.output<typeof ticketTypeInputSchema>;

/** The design must be one of this partner's templates. */
async function checkTemplate(tx: Db | Tx, partnerId: number, templateId: number) {
  const [t] = await tx
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.id, templateId), eq(templates.partnerId, partnerId)));
  if (!t) throw invalid('You need to add a ticket image first.', { template_id: 'unknown design' });
}

const columns = (t: Input, eventId: number) => ({
  eventId,
  name: t.name,
  description: t.description,
  initialPriceCents: toCents(t.initial_price),
  amount: t.amount,
  holdsAmount: t.holds_amount,
  status: t.status,
  templateId: t.template_id,
  secondaryRoyalty: t.secondary_royalty,
  sellingTime: t.selling_time ? new Date(t.selling_time) : null,
});

/**
 * POST /ticket_types: creates the given ticket types. With ?recurrence=n (n > 0) each one is created
 * for every event of its event's series, so a recurring event sells the same tickets each time.
 */
export async function createTicketTypes(
  db: Db,
  partnerId: number,
  inputs: Input[],
  acrossSeries: boolean,
): Promise<TicketType[]> {
  const created = await db.transaction(async (tx) => {
    const rows: { id: number; eventId: number }[] = [];
    for (const input of inputs) {
      if (input.holds_amount > input.amount)
        throw invalid('Holds cannot exceed the amount.', { holds_amount: 'more than the amount' });
      const event = await ownedEvent(tx, partnerId, input.event_id);
      await checkTemplate(tx, partnerId, input.template_id);
      const targets =
        acrossSeries && event.recurrenceId
          ? (await tx.select({ id: events.id }).from(events).where(eq(events.recurrenceId, event.recurrenceId))).map(
              (e) => e.id,
            )
          : [event.id];
      rows.push(
        ...(await tx
          .insert(ticketTypes)
          .values(targets.map((eventId) => columns(input, eventId)))
          .returning({ id: ticketTypes.id, eventId: ticketTypes.eventId })),
      );
    }
    return rows;
  });
  const ids = new Set(created.map((r) => r.id));
  const all = await ticketTypesOf(db, [...new Set(created.map((r) => r.eventId))]);
  return all.filter((t) => ids.has(t.ID));
}

async function ownedTicketType(tx: Db | Tx, partnerId: number, id: number) {
  const [row] = await tx
    .select({ type: ticketTypes })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(and(eq(ticketTypes.id, id), eq(events.partnerId, partnerId)));
  if (!row) throw notFound('Ticket type');
  return row.type;
}

/** PUT /ticket_types/{id}: the amount never drops below what is sold and held. */
export async function updateTicketType(
  db: Db,
  partnerId: number,
  id: number,
  input: TicketTypeInput & Input,
): Promise<TicketType> {
  await db.transaction(async (tx) => {
    const current = await ownedTicketType(tx, partnerId, id);
    if (input.event_id !== current.eventId) {
      // Another organisation's event answers 404, like one that does not exist.
      await ownedEvent(tx, partnerId, input.event_id);
      throw invalid('A ticket type stays with its event.', { event_id: 'cannot change' });
    }
    await checkTemplate(tx, partnerId, input.template_id);
    if (input.amount < current.sold + input.holds_amount) {
      throw conflict(
        `${current.sold} tickets are already sold${input.holds_amount ? ` and ${input.holds_amount} held` : ''}: the amount cannot be lower than ${current.sold + input.holds_amount}.`,
        {
          amount: `at least ${current.sold + input.holds_amount}`,
        },
      );
    }
    // The check above reads; this update decides, so a sale landing in between is refused, not broken.
    const updated = await tx
      .update(ticketTypes)
      .set(columns(input, current.eventId))
      .where(and(eq(ticketTypes.id, id), sql`${ticketTypes.sold} + ${input.holds_amount} <= ${input.amount}`))
      .returning({ id: ticketTypes.id });
    if (updated.length === 0)
      throw conflict('Tickets were sold meanwhile: the amount is now too low. Reload and try again.');
  });
  const [updated] = (await ticketTypesOf(db, [input.event_id])).filter((t) => t.ID === id);
  return updated!;
}

/** DELETE /ticket_types/{id}: refused once any order holds it. */
export async function deleteTicketType(db: Db, partnerId: number, id: number) {
  return db.transaction(async (tx) => {
    await ownedTicketType(tx, partnerId, id);
    const [sold] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.ticketTypeId, id));
    if ((sold?.n ?? 0) > 0) throw conflict('Tickets of this type are already sold. It cannot be removed.');
    await tx.delete(ticketTypes).where(eq(ticketTypes.id, id));
    return { ID: id };
  });
}
