import { z } from 'zod';
import { emailSchema } from './identity.ts';

export const holderTicketSchema = z.object({
  ID: z.number().int(),
  code: z.string(),
  /** The signed pass its QR code carries (see ticket-pass.ts); empty unless the ticket is valid (not listed, refunded or cancelled). */
  pass: z.string(),
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
