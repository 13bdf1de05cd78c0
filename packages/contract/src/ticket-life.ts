import { z } from 'zod';
import { idParamsSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { idParams, int } from './fields.ts';
import { emailSchema } from './identity.ts';
import { seatPlaceSchema } from './seating.ts';

export const holderTicketSchema = z.object({
  ID: int,
  code: z.string(),
  /** The signed pass its QR code carries (see ticket-pass.ts); empty unless the ticket is valid (not listed, refunded or cancelled). */
  pass: z.string(),
  status: z.enum(['valid', 'listed', 'refunded', 'void']),
  event_id: int,
  event_name: z.string(),
  venue: z.string(),
  start_date: z.string(),
  /** The event's time zone: the date is shown there, named. */
  time_zone: z.string(),
  ticket_type: z.string(),
  /** A seated event's seat; it goes with the ticket when it is transferred or resold. */
  seat: seatPlaceSchema.nullable(),
  checked_in: z.boolean(),
  transferable: z.boolean(),
  resellable: z.boolean(),
});
export type HolderTicket = z.infer<typeof holderTicketSchema>;

export const transferBodySchema = z.object({ email: emailSchema, full_name: z.string().trim().max(200).default('') });
export const resaleBodySchema = z.object({ price: z.number().min(0).max(100_000) });
export const resaleSchema = z.object({
  ID: int,
  ticket_id: int,
  event_id: int,
  event_name: z.string(),
  ticket_type: z.string(),
  seat: seatPlaceSchema.nullable(),
  price: z.number(),
});
export type Resale = z.infer<typeof resaleSchema>;

export const resaleBuyBodySchema = z.object({
  buyer: z.object({ email: emailSchema, full_name: z.string().trim().min(1, 'name is required').max(200) }),
  payment_method: z.string().trim().min(1, 'payment is required').max(200),
});

export const transferResultSchema = z.object({ transferred: z.literal(true) });
export type TransferResult = z.infer<typeof transferResultSchema>;
export const resaleListedSchema = z.object({ resale_id: int });
export type ResaleListed = z.infer<typeof resaleListedSchema>;
export const resaleCancelledSchema = z.object({ cancelled: z.literal(true) });
export type ResaleCancelled = z.infer<typeof resaleCancelledSchema>;
export const resaleBoughtSchema = z.object({ order_id: int, price: z.number() });
export type ResaleBought = z.infer<typeof resaleBoughtSchema>;

/** A ticket of a fan at one organiser: the widget's holder calls name both. */
export const partnerTicketParamsSchema = idParams('id', 'ticketId');
export const resaleBuyParamsSchema = idParams('partnerId', 'id');

/** Where a set of holder calls is reached, and what its paths name. */
type HolderScope<Tickets extends string, Ticket extends string, L, T> = {
  tags: readonly string[];
  tickets: Tickets;
  listSummary: string;
  listParams: L;
  /** The path of one ticket, and its parameters. */
  ticket: Ticket;
  ticketParams: T;
};

/** A path below another, its literal kept in the type. */
const below = <P extends `/${string}`, S extends `/${string}`>(path: P, tail: S) =>
  `${path}${tail}` as `${P}${S}` & `/${string}`;

/**
 * A fan's ticket calls, defined once and reached two ways: the portal's session reaches all the fan's
 * tickets, a widget's session only those at its organiser (the auth hook lets it reach nothing else).
 * The PDF of a ticket is a file, not an envelope, so it is a plain route beside these.
 */
function holderCalls<
  Tickets extends `/${string}`,
  Ticket extends `/${string}`,
  L extends z.ZodObject | undefined,
  T extends z.ZodObject,
>(scope: HolderScope<Tickets, Ticket, L, T>) {
  const base = { access: 'user', tags: scope.tags } as const;
  return {
    list: endpoint({
      ...base,
      method: 'GET',
      path: scope.tickets,
      summary: scope.listSummary,
      params: scope.listParams,
      response: z.array(holderTicketSchema),
    }),
    transfer: endpoint({
      ...base,
      method: 'POST',
      path: below(scope.ticket, '/transfer'),
      summary: 'Give a ticket to someone else',
      errors: [409],
      params: scope.ticketParams,
      body: transferBodySchema,
      response: transferResultSchema,
    }),
    sell: endpoint({
      ...base,
      method: 'POST',
      path: below(scope.ticket, '/resale'),
      summary: 'List a ticket for resale',
      errors: [409],
      params: scope.ticketParams,
      body: resaleBodySchema,
      response: resaleListedSchema,
    }),
    cancelSale: endpoint({
      ...base,
      method: 'DELETE',
      path: below(scope.ticket, '/resale'),
      summary: 'Take a ticket off resale',
      params: scope.ticketParams,
      response: resaleCancelledSchema,
    }),
  };
}

/** The signed-in fan's tickets everywhere: the portal's holder calls. */
export const holderTicketEndpoints = holderCalls({
  tags: ['tickets'],
  tickets: '/holder/tickets',
  listSummary: 'List the signed-in fan’s tickets',
  listParams: undefined,
  ticket: '/holder/tickets/:id',
  ticketParams: idParamsSchema,
});

/** The same calls from a partner's widget, limited to that partner's tickets. */
export const widgetHolderTicketEndpoints = holderCalls({
  tags: ['widget'],
  tickets: '/holder/partners/:id/tickets',
  listSummary: 'List the signed-in fan’s tickets at one organization',
  listParams: idParamsSchema,
  ticket: '/holder/partners/:id/tickets/:ticketId',
  ticketParams: partnerTicketParamsSchema,
});

export type HolderTicketEndpoints = typeof holderTicketEndpoints | typeof widgetHolderTicketEndpoints;

/** Tickets fans offer again at an organiser's widget, and buying one. */
export const resaleEndpoints = {
  list: endpoint({
    access: 'public',
    tags: ['tickets'],
    method: 'GET',
    path: '/public/partners/:id/resales',
    summary: 'List the tickets for resale at an organization',
    params: idParamsSchema,
    response: z.array(resaleSchema),
  }),
  buy: endpoint({
    access: 'public',
    tags: ['tickets'],
    method: 'POST',
    path: '/public/partners/:partnerId/resales/:id/buy',
    summary: 'Buy a ticket on resale',
    errors: [402, 409],
    params: resaleBuyParamsSchema,
    body: resaleBuyBodySchema,
    response: resaleBoughtSchema,
  }),
};
