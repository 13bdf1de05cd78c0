import { z } from 'zod';
import { idParamSchema, idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { seatMapSchema } from './seat-maps.ts';

/** How many seats one buyer may hold at once. */
export const seatHoldMax = 10;
/** How long seats stay held for a buyer who is paying. */
export const seatHoldMinutes = 10;

export const eventSeatingBodySchema = z.object({
  /** The organization's seat map the event sells from, or null for general admission. */
  seat_map_id: idSchema.nullable(),
  /** Which category of the map each ticket type sells; a type left out sells no seats. */
  ticket_types: z
    .array(z.object({ ID: idSchema, seat_category_id: idSchema }))
    .max(200)
    .refine((list) => new Set(list.map((t) => t.ID)).size === list.length, 'A ticket type is named twice.'),
});
export type EventSeatingBody = z.input<typeof eventSeatingBodySchema>;

export const eventSeatingSchema = z.object({
  seat_map_id: z.number().int().nullable(),
  ticket_types: z.array(z.object({ ID: z.number().int(), seat_category_id: z.number().int() })),
});
export type EventSeating = z.infer<typeof eventSeatingSchema>;

/** A day's seats as a buyer sees them: the map, the seats no longer free, and what each category costs. */
export const daySeatsSchema = z.object({
  seat_map: seatMapSchema,
  /** Seats sold, held back or reserved for another buyer. */
  taken: z.array(z.number().int()),
  ticket_types: z.array(
    z.object({ ID: z.number().int(), name: z.string(), price: z.number(), seat_category_id: z.number().int() }),
  ),
});
export type DaySeats = z.infer<typeof daySeatsSchema>;

const seatIdsSchema = z
  .array(idSchema)
  .min(1, 'Choose at least one seat.')
  .max(seatHoldMax, `A buyer can hold at most ${seatHoldMax} seats at once.`)
  .refine((ids) => new Set(ids).size === ids.length, 'A seat is named twice.');

/** The seats a buyer chose, or how many of a ticket type's seats to find together. */
export const seatHoldBodySchema = z.union([
  z.object({ seat_ids: seatIdsSchema }).strict(),
  z
    .object({
      best_available: z.object({
        ticket_type_id: idSchema,
        count: z.number().int().min(1).max(seatHoldMax),
      }),
    })
    .strict(),
]);
export type SeatHoldBody = z.input<typeof seatHoldBodySchema>;

export const heldSeatSchema = z.object({
  ID: z.number().int(),
  section: z.string(),
  row: z.string(),
  label: z.string(),
  seat_category_id: z.number().int(),
});
export const seatHoldSchema = z.object({
  /** The reservation's secret: whoever holds it may pay for the seats, or let them go. */
  hold: z.uuid(),
  expires_at: z.string(),
  seats: z.array(heldSeatSchema),
});
export type SeatHold = z.infer<typeof seatHoldSchema>;

const dayParams = z.object({ id: idParamSchema, dayId: idParamSchema });

/** An event's seating (portal) and a day's seats and holds (the widget's buyers). */
export const seatingEndpoints = {
  get: endpoint({
    access: 'partner',
    tags: ['seating'],
    method: 'GET',
    path: '/events/:id/seating',
    summary: 'Read which seat map an event sells from, and which category each ticket type sells',
    params: z.object({ id: idParamSchema }),
    response: eventSeatingSchema,
  }),
  set: endpoint({
    access: 'partner',
    permission: 'manage_events',
    tags: ['seating'],
    method: 'PUT',
    path: '/events/:id/seating',
    summary: 'Choose the seat map an event sells from and map its ticket types onto the categories',
    errors: [409],
    params: z.object({ id: idParamSchema }),
    body: eventSeatingBodySchema,
    response: eventSeatingSchema,
  }),
  daySeats: endpoint({
    access: 'public',
    tags: ['seating'],
    method: 'GET',
    path: '/public/events/:id/days/:dayId/seats',
    summary: 'A day’s seat map with the seats already taken',
    params: dayParams,
    response: daySeatsSchema,
  }),
  hold: endpoint({
    access: 'public',
    tags: ['seating'],
    method: 'POST',
    path: '/public/events/:id/days/:dayId/seat-holds',
    summary: `Hold seats for a buyer for ${seatHoldMinutes} minutes while they pay`,
    errors: [409],
    params: dayParams,
    body: seatHoldBodySchema,
    response: seatHoldSchema,
  }),
  release: endpoint({
    access: 'public',
    tags: ['seating'],
    method: 'DELETE',
    path: '/public/seat-holds/:hold',
    summary: 'Let held seats go before their time is up',
    params: z.object({ hold: z.uuid() }),
    response: z.object({ released: z.number().int() }),
  }),
};
