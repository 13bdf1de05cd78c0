import { z } from 'zod';
import { idParamsSchema, idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { idAndName, int } from './fields.ts';
import { emailSchema } from './identity.ts';
import { seatHoldMax, seatPlaceSchema } from './seating.ts';

/** The fan side: what a partner's widget shows and sends. */
export const publicTicketTypeSchema = z.object({
  ...idAndName,
  description: z.string(),
  price: z.number(),
  /** What can still be bought (amount − sold − holds). */
  left: int,
});

export const publicEventSchema = z.object({
  ...idAndName,
  venue: z.string(),
  description: z.string(),
  image: z.string(),
  time_zone: z.string(),
  time_slots: z.boolean(),
  /** Sold by seat from a seat map: the buyer picks seats (or the best ones) before paying. */
  seated: z.boolean(),
  transfering_allowed: z.boolean(),
  selling_allowed: z.boolean(),
  days: z.array(
    z.object({
      ID: int,
      start_date: z.string(),
      end_date: z.string(),
      /** A slot's tickets still for sale; null for a day without its own capacity. */
      left: int.nullable(),
    }),
  ),
  ticket_types: z.array(publicTicketTypeSchema),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

export const checkoutBodySchema = z.object({
  partner_id: idSchema,
  event_id: idSchema,
  event_day_id: idSchema,
  items: z
    .array(
      z.object({
        ticket_type_id: idSchema,
        quantity: z
          .number()
          .int('Choose a whole number of tickets.')
          .min(1, 'Choose at least one ticket.')
          .max(20, 'You can buy at most 20 tickets of a type at once.'),
      }),
    )
    .min(1, 'choose at least one ticket')
    .max(10, 'You can buy at most 10 ticket types at once.'),
  promo_code: z.string().trim().max(50).optional(),
  /**
   * A seated event's seat hold (`POST …/seat-holds`): the items pay for exactly its seats, each seat
   * sold as a ticket of a type that sells its category.
   */
  seat_hold: z.uuid('Choose your seats again.').optional(),
  /**
   * With a seat hold, which ticket type each held seat is sold as (an adult's seat and a child's).
   * Left out, each line takes its category's seats in ticket type order, the next by seat id.
   */
  seat_types: z
    .array(z.object({ seat_id: idSchema, ticket_type_id: idSchema }))
    .max(seatHoldMax, `A buyer can hold at most ${seatHoldMax} seats at once.`)
    .optional(),
  buyer: z.object({
    email: emailSchema,
    full_name: z.string().trim().min(1, 'name is required').max(200, 'A name has at most 200 characters.'),
  }),
  /** The test provider's card number, or the payment provider's payment method id. */
  payment_method: z.string().trim().min(1, 'payment is required').max(200),
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

/**
 * The `Idempotency-Key` header the widget sends with each purchase attempt (one per press of Pay, the
 * same on its retries): a retry is answered as the first attempt was, never charged twice.
 */
export const checkoutHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{8,255}$/, 'An idempotency key is 8 to 255 visible characters.')
    .optional(),
});

export const checkoutResultSchema = z.object({
  order_ids: z.array(int),
  total: z.number(),
  tickets: z.array(
    z.object({
      ID: int,
      code: z.string(),
      ticket_type: z.string(),
      price: z.number(),
      seat: seatPlaceSchema.nullable(),
    }),
  ),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** The fan side of a partner's widget: what it sells, and buying. */
export const checkoutEndpoints = {
  events: endpoint({
    access: 'public',
    tags: ['checkout'],
    method: 'GET',
    path: '/public/partners/:id/events',
    summary: 'List the events an organization sells on its widget',
    params: idParamsSchema,
    response: z.array(publicEventSchema),
  }),
  checkout: endpoint({
    access: 'public',
    tags: ['checkout'],
    method: 'POST',
    path: '/public/checkout',
    summary: 'Buy tickets',
    errors: [402, 409],
    headers: checkoutHeadersSchema,
    body: checkoutBodySchema,
    response: checkoutResultSchema,
  }),
};
