import { z } from 'zod';
import { idParamsSchema, idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { idAndName, idParams, int } from './fields.ts';
import { seatMapMaxSeats, seatMapSchema } from './seat-maps.ts';

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
  seat_map_id: int.nullable(),
  ticket_types: z.array(z.object({ ID: int, seat_category_id: int })),
});
export type EventSeating = z.infer<typeof eventSeatingSchema>;

/** A day's seats as a buyer sees them: the map, the seats no longer free, and what each category costs. */
export const daySeatsSchema = z.object({
  seat_map: seatMapSchema,
  /** Seats sold, held back or reserved for another buyer. */
  taken: z.array(int),
  ticket_types: z.array(z.object({ ...idAndName, price: z.number(), seat_category_id: int })),
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
        count: int.min(1).max(seatHoldMax),
      }),
    })
    .strict(),
]);
export type SeatHoldBody = z.input<typeof seatHoldBodySchema>;

/** Where a seat is, as a ticket, an order and the gate name it. */
export const seatPlaceSchema = z.object({ section: z.string(), row: z.string(), label: z.string() });
export type SeatPlace = z.infer<typeof seatPlaceSchema>;

export const heldSeatSchema = seatPlaceSchema.extend({
  ID: int,
  seat_category_id: int,
});
export const seatHoldSchema = z.object({
  /** The reservation's secret: whoever holds it may pay for the seats, or let them go. */
  hold: z.uuid(),
  expires_at: z.string(),
  seats: z.array(heldSeatSchema),
});
export type SeatHold = z.infer<typeof seatHoldSchema>;

/**
 * What a day has of a seat that is not free, as its organizer sees it: sold, reserved for a buyer who
 * is paying now (a reservation whose time ran out is free), or held back by the organizer (a hold or a kill).
 */
export const daySeatStateValues = ['sold', 'reserved', 'held'] as const;
export type DaySeatState = (typeof daySeatStateValues)[number];

const sectionCountsSchema = z.object({
  ...idAndName,
  seats: int,
  sold: int,
  reserved: int,
  held: int,
  free: int,
});
export type SectionSeatCounts = z.infer<typeof sectionCountsSchema>;

/** A day's seats as its organizer sees them: the map, every seat that is not free, and the counts by section. */
export const daySeatStatesSchema = z.object({
  seat_map: seatMapSchema,
  seats: z.array(z.object({ ID: int, state: z.enum(daySeatStateValues) })),
  /** One per section of the map, in its order. */
  sections: z.array(sectionCountsSchema),
});
export type DaySeatStates = z.infer<typeof daySeatStatesSchema>;

/** Every seat the organizer holds back on a day: a seat left out is released. */
export const heldSeatsBodySchema = z
  .object({
    seat_ids: z
      .array(idSchema)
      .max(seatMapMaxSeats, `A seat map has at most ${seatMapMaxSeats.toLocaleString('en-US')} seats.`)
      .refine((ids) => new Set(ids).size === ids.length, 'A seat is named twice.'),
  })
  .strict();
export type HeldSeatsBody = z.input<typeof heldSeatsBodySchema>;

const dayParams = idParams('id', 'dayId');

/** An event's seating and a day's seats and holds: the portal's organizer, and the widget's buyers. */
export const seatingEndpoints = {
  get: endpoint({
    access: 'partner',
    tags: ['seating'],
    method: 'GET',
    path: '/events/:id/seating',
    summary: 'Read which seat map an event sells from, and which category each ticket type sells',
    params: idParamsSchema,
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
    params: idParamsSchema,
    body: eventSeatingBodySchema,
    response: eventSeatingSchema,
  }),
  seatStates: endpoint({
    access: 'partner',
    tags: ['seating'],
    method: 'GET',
    path: '/events/:id/days/:dayId/seats',
    summary: 'A day’s seat map with each seat sold, reserved or held back, and the counts by section',
    params: dayParams,
    response: daySeatStatesSchema,
  }),
  setHeldSeats: endpoint({
    access: 'partner',
    permission: 'manage_events',
    tags: ['seating'],
    method: 'PUT',
    path: '/events/:id/days/:dayId/held-seats',
    summary: 'Choose the seats the organizer holds back on a day (holds and kills); the others are released',
    errors: [409],
    params: dayParams,
    body: heldSeatsBodySchema,
    response: daySeatStatesSchema,
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
    response: z.object({ released: int }),
  }),
};
