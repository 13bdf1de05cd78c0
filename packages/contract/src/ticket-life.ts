import { z } from 'zod';
import { idSchema } from './common.ts';
import { emailSchema } from './identity.ts';

export const holderTicketSchema = z.object({
  ID: z.number().int(),
  code: z.string(),
  status: z.enum(['valid', 'listed', 'refunded', 'void']),
  event_id: z.number().int(),
  event_name: z.string(),
  venue: z.string(),
  start_date: z.string(),
  /** The event's time zone: the date is shown there, named. */
  time_zone: z.string(),
  ticket_type: z.string(),
  checked_in: z.boolean(),
  transferable: z.boolean(),
  resellable: z.boolean(),
});
export type HolderTicket = z.infer<typeof holderTicketSchema>;

export const transferBodySchema = z.object({ email: emailSchema, full_name: z.string().trim().max(200).default('') });
export const resaleBodySchema = z.object({ price: z.number().min(0).max(100_000) });
export const resaleSchema = z.object({
  ID: z.number().int(),
  ticket_id: z.number().int(),
  event_id: z.number().int(),
  event_name: z.string(),
  ticket_type: z.string(),
  price: z.number(),
});
export type Resale = z.infer<typeof resaleSchema>;

export const resaleBuyBodySchema = z.object({
  buyer: z.object({ email: emailSchema, full_name: z.string().trim().min(1, 'name is required').max(200) }),
  payment_method: z.string().trim().min(1, 'payment is required').max(200),
});

export const checkInBodySchema = z.object({
  code: z.string().trim().min(1, 'type or scan a ticket code').max(64),
  event_day_id: idSchema,
});
export const checkInResultSchema = z.object({
  ticket_id: z.number().int(),
  ticket_type: z.string(),
  holder: z.string(),
  checked_in_at: z.string(),
});
