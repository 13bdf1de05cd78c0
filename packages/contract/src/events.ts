import { z } from 'zod';
import { idSchema } from './common.ts';

export const eventTypes = [
  { value: 'sports', label: 'Sport Event' },
  { value: 'concert', label: 'Concert' },
  { value: 'festival', label: 'Festival' },
  { value: 'conference', label: 'Conference' },
  { value: 'comedy', label: 'Comedy Show' },
  { value: 'speaker', label: 'Speaker' },
  { value: 'other', label: 'Other' },
] as const;
export const eventTypeValues = eventTypes.map((t) => t.value) as [
  (typeof eventTypes)[number]['value'],
  ...(typeof eventTypes)[number]['value'][],
];
export type EventType = (typeof eventTypeValues)[number];

/** Gate time: hours before start, stored negative (design §8). */
export const gateTimes = [
  { value: -3, label: '3 hours' },
  { value: -2, label: '2 hours' },
  { value: -1, label: '1 hour' },
  { value: -0.75, label: '45 minutes before event start' },
  { value: -0.5, label: '30 minutes before event start' },
  { value: -0.25, label: '15 minutes before event start' },
] as const;

export const eventDaySchema = z.object({
  ID: z.number().int(),
  event_id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  quantity: z.number().int(),
  sold: z.number().int(),
});
export type EventDay = z.infer<typeof eventDaySchema>;

export const eventListItemSchema = z.object({
  ID: z.number().int(),
  name: z.string(),
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
  ticket_types: z.array(z.object({ ID: z.number().int(), name: z.string() })),
});
export type EventListItem = z.infer<typeof eventListItemSchema>;

export const eventsQuerySchema = z.object({
  partner_id: idSchema,
  ordered: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** With ordered=true the list is keyed by period, 'MMMM YYYY', oldest first. */
export const eventsByPeriodSchema = z.array(z.object({ period: z.string(), events: z.array(eventListItemSchema) }));
export type EventsByPeriod = z.infer<typeof eventsByPeriodSchema>;
export const eventsResponseSchema = z.union([z.array(eventListItemSchema), eventsByPeriodSchema]);
