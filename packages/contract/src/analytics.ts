import { z } from 'zod';
import { idParamsSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { idAndName, idParams, int } from './fields.ts';

/**
 * Analytics and billing. Every figure is defined in docs/analytics.md; counts are tickets, money is
 * dollars, fractions are fractions (0.05 is 5 %), dates are ISO-8601 UTC and `YYYY-MM-DD` days are
 * calendar days in the event's time zone.
 */

export const eventAnalyticsQuerySchema = z.object({
  full_info: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const analyticsPartnerParamsSchema = idParams('partnerId');

/** The figures an event card shows, on the overall page as on the event's own page. */
export const eventAnalyticsSummarySchema = z.object({
  ...idAndName,
  time_zone: z.string(),
  start_date: z.string(),
  onSale: z.boolean(),
  tickets_sold: int,
  ticket_sold_value: z.number(),
  tickets_open: int,
  tickets_open_value: z.number(),
  total_gross_potential: z.number(),
  tickets_comps: int,
  tickets_value: z.number(),
});
export type EventAnalyticsSummary = z.infer<typeof eventAnalyticsSummarySchema>;

export const ticketTypeFiguresSchema = z.object({
  ...idAndName,
  price: z.number(),
  amount: int,
  sold: int,
  comps: int,
  holds: int,
  opens: int,
  checked_in: int,
});
export type TicketTypeFigures = z.infer<typeof ticketTypeFiguresSchema>;

export const salesDaySchema = z.object({ date: z.string(), sold: int, comps: int, value: z.number() });
export type SalesDay = z.infer<typeof salesDaySchema>;

export const eventAnalyticsSchema = eventAnalyticsSummarySchema.extend({
  sales: z.object({
    total_face_value: z.number(),
    sold: int,
    opens: int,
    sales_today: int,
    average_sold_per_day: z.number(),
    required_per_day_for_sellout: z.number(),
    days_left: int,
    /** With full_info=true: one entry per day that had a sale, oldest first. */
    sales_by_day: z.array(salesDaySchema).optional(),
  }),
  inventory: z.object({
    sold: int,
    comps: int,
    holds: int,
    opens: int,
    tickets_distributed: int,
    /** With full_info=true. */
    by_ticket_type: z.array(ticketTypeFiguresSchema).optional(),
  }),
  attendance: z.object({
    total_attendance: int,
    attendance_by_ticket_type: z.array(z.object({ ...idAndName, checked_in: int, distributed: int })),
  }),
});
export type EventAnalytics = z.infer<typeof eventAnalyticsSchema>;

export const partnerAnalyticsSchema = z.object({
  gross_tickets_sold: int,
  gross_revenue: z.number(),
  secondary_royalties: z.number(),
  total_events: int,
  ordered_by_sells: z.array(z.object({ ...idAndName, tickets_sold: int, ticket_sold_value: z.number() })),
  /** The event list's periods ('MMMM YYYY' in the event's zone), oldest first. */
  event_analytics: z.array(z.object({ period: z.string(), events: z.array(eventAnalyticsSummarySchema) })),
});
export type PartnerAnalytics = z.infer<typeof partnerAnalyticsSchema>;

export const billingRowSchema = z.object({
  ID: int,
  event_name: z.string(),
  /** Fractions of the gross: the partner keeps partner_percentage, the provider takes provider_percentage. */
  partner_percentage: z.number(),
  provider_percentage: z.number(),
  gross_revenue: z.number(),
  partner_amount: z.number(),
  provider_amount: z.number(),
  /** The event's start. */
  date: z.string(),
  time_zone: z.string(),
});
export type BillingRow = z.infer<typeof billingRowSchema>;

const access = { access: 'partner', permission: 'view_analytics', tags: ['analytics'] } as const;

/** An event's figures, an organization's across its events, and its billing history. */
export const analyticsEndpoints = {
  event: endpoint({
    ...access,
    method: 'GET',
    path: '/events/:id/analytics',
    summary: 'Read an event’s sales and attendance',
    params: idParamsSchema,
    query: eventAnalyticsQuerySchema,
    response: eventAnalyticsSchema,
  }),
  partner: endpoint({
    ...access,
    method: 'GET',
    path: '/events/analytics/:partnerId',
    summary: 'Read an organization’s sales across its events',
    params: analyticsPartnerParamsSchema,
    response: partnerAnalyticsSchema,
  }),
  billing: endpoint({
    ...access,
    method: 'GET',
    path: '/analytics/billing/:partnerId',
    summary: 'List an organization’s billing history',
    params: analyticsPartnerParamsSchema,
    response: z.array(billingRowSchema),
  }),
};
