import { z } from 'zod';
import { idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { idParams, int } from './fields.ts';
import { fanParamsSchema } from './fans.ts';

/** When and where the event is, as both lists show it. */
const eventPlaceFields = {
  DateEvent: z.string(),
  /** The event's time zone: the date is shown there, named. */
  TimeZone: z.string(),
  Venue: z.string(),
};

export const refundEventSchema = z.object({
  EventID: int,
  EventName: z.string(),
  ...eventPlaceFields,
  TicketsOwned: int,
  MinPrice: z.number(),
  MaxPrice: z.number(),
});
export type RefundEvent = z.infer<typeof refundEventSchema>;

export const refundTicketSchema = z.object({
  TicketID: int,
  TicketType: z.string(),
  ...eventPlaceFields,
  Price: z.number(),
  Code: z.string(),
});
export type RefundTicket = z.infer<typeof refundTicketSchema>;
export const refundTicketsParamsSchema = idParams('eventId', 'fanId');

export const refundBodySchema = z.object({
  ticket_ids: z
    .array(idSchema)
    .min(1, 'Choose at least one ticket.')
    .max(100, 'Refund at most 100 tickets at once.')
    .refine((ids) => new Set(ids).size === ids.length, 'A ticket appears once.'),
  /** The refund per ticket, in dollars: at most the average price paid for the chosen tickets. */
  amount: z.number().min(0, 'The refund cannot be negative.').max(100_000),
  description: z.string().trim().max(500).default(''),
});
export type RefundBody = z.input<typeof refundBodySchema>;
/** A key the browser makes once per refund dialog: the same refund sent twice is made once. */
export const refundHeadersSchema = z.object({ 'idempotency-key': z.string().trim().min(8).max(100).optional() });

export const refundResultSchema = z.object({
  refund_id: int,
  ticket_ids: z.array(int),
  amount: z.number(),
  total: z.number(),
  created_at: z.string(),
});
export type RefundResult = z.infer<typeof refundResultSchema>;

const access = { access: 'partner', permission: 'refund_tickets', tags: ['refunds'] } as const;

/** A fan's refundable tickets, and refunding them. */
export const refundEndpoints = {
  events: endpoint({
    ...access,
    method: 'GET',
    path: '/transactions/tickets_for_refund/:partnerId/:fanId',
    summary: 'List the events in which a fan has refundable tickets',
    params: fanParamsSchema,
    response: z.array(refundEventSchema),
  }),
  /** The spec's path names a ticket; what the screen drills into is one event of the fan's tickets. */
  tickets: endpoint({
    ...access,
    method: 'GET',
    path: '/transactions/tickets_for_refund/ticket_type/:eventId/:fanId',
    summary: 'List a fan’s refundable tickets for one event',
    params: refundTicketsParamsSchema,
    response: z.array(refundTicketSchema),
  }),
  refund: endpoint({
    ...access,
    method: 'POST',
    path: '/financial/refund',
    summary: 'Refund tickets',
    errors: [409, 502],
    headers: refundHeadersSchema,
    body: refundBodySchema,
    response: refundResultSchema,
  }),
};
