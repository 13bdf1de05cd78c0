import { z } from 'zod';
import { idParamSchema, idSchema, isoDateTime, uploadSchema } from './common.ts';
import { eventTypeValues, gateTimes } from './event-options.ts';
import { idAndName, idParams, int } from './fields.ts';
import { messages } from './messages.ts';

export const eventDaySchema = z.object({
  ID: int,
  event_id: int,
  start_date: z.string(),
  end_date: z.string(),
  quantity: int,
  sold: int,
});
export type EventDay = z.infer<typeof eventDaySchema>;

export const eventListItemSchema = z.object({
  ...idAndName,
  venue: z.string(),
  event_type: z.enum(eventTypeValues),
  image: z.string(),
  time_zone: z.string(),
  time_slots: z.boolean(),
  rrule: z.string(),
  recurrence_id: z.string().nullable(),
  start_date: z.string(),
  selling_time: z.string().nullable(),
  total_event_budget: z.number(),
  active_on_widget: z.boolean(),
  transfering_allowed: z.boolean(),
  selling_allowed: z.boolean(),
  event_days: z.array(eventDaySchema),
  ticket_types: z.array(z.object(idAndName)),
});
export type EventListItem = z.infer<typeof eventListItemSchema>;

export const eventsQuerySchema = z.object({
  partner_id: idParamSchema,
  ordered: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** With ordered=true the list is keyed by period, 'MMMM YYYY', oldest first. */
export const eventsByPeriodSchema = z.array(z.object({ period: z.string(), events: z.array(eventListItemSchema) }));
export type EventsByPeriod = z.infer<typeof eventsByPeriodSchema>;
export const eventsResponseSchema = z.union([z.array(eventListItemSchema), eventsByPeriodSchema]);

const text = (max: number) => z.string().trim().max(max);

/** Hours before start, negative as stored; the wizard's positive readings are accepted too. */
export const gateTimeSchema = z
  .number()
  .transform((v) => -Math.abs(v))
  .refine((v) => gateTimes.some((g) => g.value === v), 'choose one of the gate times offered');

export const dayInputSchema = z
  .object({
    start_date: isoDateTime,
    end_date: isoDateTime,
    /** A time slot's capacity (at least 1); 0 on a plain day. */
    quantity: int.min(0).max(1_000_000).default(0),
  })
  .refine((d) => new Date(d.start_date) < new Date(d.end_date), {
    message: 'each day must start before it ends',
    path: ['end_date'],
  });

export const sponsorInputSchema = z.object({
  name: text(200).default(''),
  image: uploadSchema.default(''),
});

export const eventCreateSchema = z.object({
  name: text(200).min(1, 'name is required'),
  venue: text(200).min(1, 'venue is required'),
  event_type: z.enum(eventTypeValues, { error: 'event type is required' }),
  street_address: text(300).default(''),
  secondary_address: text(300).default(''),
  city: text(120).default(''),
  state: text(120).default(''),
  country: text(120).default(''),
  zip_code: text(40).default(''),
  time_zone: z.string().min(1, 'time zone is required').max(64),
  selling_time: isoDateTime.nullable().optional(),
  gate_time: gateTimeSchema.default(-1),
  sponsors: z.array(sponsorInputSchema).max(50).default([]),
  image: uploadSchema.default(''),
  description: text(10_000).default(''),
  partner_id: idSchema,
  event_days: z.array(dayInputSchema).min(1, 'an event needs at least one day').max(100),
  time_slots: z.boolean().default(false),
  isTimeSlot: z.boolean().optional(),
  rrule: z.string().max(500).default(''),
});
export type EventCreate = z.input<typeof eventCreateSchema>;

export const eventCreatedSchema = z.object({
  ID: int,
  rrule: z.string(),
  recurrence_id: z.string().nullable(),
});
export type EventCreated = z.infer<typeof eventCreatedSchema>;
/** A non-recurring event answers one; a recurring one answers the list of its occurrences. */
export const eventCreateResponseSchema = z.union([eventCreatedSchema, z.array(eventCreatedSchema)]);

export const attachedPromoSchema = z.object({ ID: int, code: z.string(), quantity: int });

export const ticketTypeSchema = z.object({
  ...idAndName,
  initial_price: z.number(),
  description: z.string(),
  amount: int,
  holds_amount: int,
  /**
   * Paid tickets in circulation: "sold" as the event's analytics count it (its tickets_sold), so the
   * summary and the analytics show an organiser one number. Comps brought no money and are counted
   * apart, as the spec's analytics list them (sold, comps, holds, opens).
   */
  sold: int,
  /** Tickets in circulation issued at price 0 (a free type, or a 100 % promo). */
  comps: int,
  status: z.boolean(),
  template_id: int.nullable(),
  template_image: z.string(),
  event_id: int,
  secondary_royalty: z.number(),
  selling_time: z.string().nullable(),
  Promocodes: z.array(attachedPromoSchema).optional(),
});
export type TicketType = z.infer<typeof ticketTypeSchema>;

export const sponsorSchema = z.object({
  ...idAndName,
  image: z.string(),
  event_id: int,
});
export type Sponsor = z.infer<typeof sponsorSchema>;
export const supportContactSchema = z.object({ ID: int, event_id: int, contact: z.string() });
export type SupportContact = z.infer<typeof supportContactSchema>;

export const eventDetailSchema = eventListItemSchema.omit({ ticket_types: true }).extend({
  description: z.string(),
  gate_time: z.number(),
  street_address: z.string(),
  secondary_address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip_code: z.string(),
  ticket_types: z.array(ticketTypeSchema),
  sponsors: z.array(sponsorSchema),
  /**
   * Tickets sold and valid whose token is not on the chain yet: minted in the background shortly after
   * the sale, or later when the chain cannot be reached.
   */
  tickets_waiting_to_mint: int,
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const eventQuerySchema = z.object({ promocode: z.enum(['true', 'false']).optional() });

/**
 * How far a series goes. Every date is an event of its own (its tickets, sales and check-ins), so a
 * series is bounded: a season of daily shows (300+) fits, and a rule giving more is refused, never
 * cut. A series without an end is created a year ahead; every series ends within five years of its
 * first date (a rule that rarely matches is never walked for centuries).
 */
export const seriesLimits = { maxDates: 400, openEndedDays: 365, maxYears: 5 } as const;

/** GET /events/recurrence-preview: the dates a rule would give, before the series is created. */
export const recurrencePreviewQuerySchema = z.object({
  rrule: z.string().trim().min(1, 'Choose how the event repeats.').max(500),
  start_date: isoDateTime,
  time_zone: z.string().min(1).max(100),
});
export const recurrencePreviewSchema = z.object({
  /** The first dates of the series, in order (at most `previewDates`). */
  dates: z.array(z.string()),
  /** How many dates the series will have. */
  total: int,
});
export type RecurrencePreview = z.infer<typeof recurrencePreviewSchema>;
export const previewDates = 8;

/** PUT /events/{id}: one field, the widget flags, or the recurrence rule. */
export const eventUpdateSchema = z
  .object({
    name: text(200).min(1, 'name is required'),
    description: text(10_000),
    venue: text(200).min(1, 'venue is required'),
    event_type: z.enum(eventTypeValues),
    gate_time: gateTimeSchema,
    time_zone: z.string().min(1).max(64),
    start_date: isoDateTime,
    selling_time: isoDateTime.nullable(),
    image: uploadSchema,
    active_on_widget: z.boolean(),
    transfering_allowed: z.boolean(),
    selling_allowed: z.boolean(),
    rrule: z.string().min(1).max(500),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'send at least one field');
export type EventUpdate = z.infer<typeof eventUpdateSchema>;

/** DELETE /events/{id}: the ids of the events deleted, one or the rest of a series. */
export const eventsDeletedSchema = z.object({ deleted: z.array(int) });
export type EventsDeleted = z.infer<typeof eventsDeletedSchema>;
/** What deleting a day, a sponsor or a ticket type answers: the id that is gone. */
export const eventPartDeletedSchema = z.object({ ID: int });
export type EventPartDeleted = z.infer<typeof eventPartDeletedSchema>;

export const eventDeleteQuerySchema = z.object({
  /** The spec writes it as recurrence=:{recurrence_id}. */
  recurrence: z
    .string()
    .transform((v) => v.replace(/^:/, ''))
    .pipe(z.uuid('not a series id'))
    .optional(),
});

export const dayParamsSchema = idParams('dayId');
export const dayUpdateSchema = z
  .object({
    event_id: idSchema.optional(),
    start_date: isoDateTime.optional(),
    end_date: isoDateTime.optional(),
    quantity: int.min(1, 'a time slot holds at least 1 ticket').max(1_000_000).optional(),
  })
  .refine(
    (v) => v.start_date !== undefined || v.end_date !== undefined || v.quantity !== undefined,
    'send a date or a quantity',
  );

/** A ticket type as the wizard and the summary send it: price in dollars, royalty as a fraction. */
export const ticketTypeInputSchema = z.object({
  name: text(200).min(1, 'ticket name is required'),
  initial_price: z.number().min(0, 'the price cannot be negative').max(1_000_000),
  description: text(5_000).default(''),
  amount: int.min(1, 'at least 1 ticket').max(1_000_000).default(1),
  holds_amount: int.min(0).max(1_000_000).default(0),
  status: z.boolean().default(true),
  template_id: idSchema,
  event_id: idSchema,
  secondary_royalty: z.number().min(0, messages.royaltyRange).max(1, messages.royaltyRange).default(0.05),
  selling_time: isoDateTime.nullable().optional(),
});
export type TicketTypeInput = z.input<typeof ticketTypeInputSchema>;
export const ticketTypesCreateSchema = z.array(ticketTypeInputSchema).min(1, 'send at least one ticket type').max(50);
export const ticketTypesCreateQuerySchema = z.object({ recurrence: z.coerce.number().int().min(0).optional() });

export const templateSchema = z.object({ ID: int, image: z.string(), partner_id: int });
export type Template = z.infer<typeof templateSchema>;
export const templateCreateSchema = z.object({
  partner_id: idSchema,
  image: uploadSchema.min(1, 'choose an image'),
});
export const templatesQuerySchema = idParams('partner_id');

export const sponsorCreateSchema = sponsorInputSchema.extend({ event_id: idSchema });
export const supportCreateSchema = z.object({
  event_id: idSchema,
  contact: text(200).min(1, 'give a phone number or an e-mail'),
});
