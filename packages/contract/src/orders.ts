import { z } from 'zod';
import { isoDateTime } from './common.ts';
import { endpoint } from './endpoint.ts';
import { int } from './fields.ts';
import { orderRefundSchema, orderStatusSchema, type OrderStatus } from './fans.ts';
import { pageQuerySchema, pagedListSchema } from './paging.ts';
import { seatPlaceSchema } from './seating.ts';

export const orderDateRanges = ['today', 'last_week', 'last_month', 'last_year', 'all_time'] as const;
export const orderDateRangeSchema = z.enum(orderDateRanges);
export type OrderDateRange = z.infer<typeof orderDateRangeSchema>;

/** The orders filter; start_date and end_date, when given, override the named range's bounds. */
export const orderFilterSchema = z.object({
  search: z.string().trim().max(200).default(''),
  date: orderDateRangeSchema.default('last_week'),
  start_date: isoDateTime.optional(),
  end_date: isoDateTime.optional(),
});
export const ordersQuerySchema = pageQuerySchema.extend(orderFilterSchema.shape);
export type OrdersQuery = z.output<typeof ordersQuerySchema>;
/** The Bookings CSV takes the same filter; with no range it covers all time. */
export const bookingsCsvQuerySchema = orderFilterSchema.extend({ date: orderDateRangeSchema.default('all_time') });
export type BookingsCsvQuery = z.output<typeof bookingsCsvQuerySchema>;

export const orderRowSchema = z.object({
  ID: int,
  User: z.object({ full_name: z.string(), email: z.string() }),
  user_id: int,
  tickets_name: z.string(),
  events_name: z.string(),
  quantity: int,
  price: z.number(),
  date_time: z.string(),
  transaction_type: z.string(),
  status: orderStatusSchema,
  /** Set on a refunded line; null otherwise. */
  refund: orderRefundSchema.nullable(),
  /** The event's time zone: the row's moments are shown there, named. */
  time_zone: z.string(),
  /** The seats of the order's tickets at a seated event, in ticket order; empty for the others. */
  seats: z.array(seatPlaceSchema),
});
export type OrderRow = z.infer<typeof orderRowSchema>;
export const orderListSchema = pagedListSchema(orderRowSchema);
export type OrderList = z.infer<typeof orderListSchema>;

/** The order status each transaction type shows (back-office §4); any other (a refund's line) shows refunded. */
export const orderStatusOfTransaction = {
  primary_sold: 'completed',
  secondary_sold: 'completed',
  sale_canceled: 'cancelled',
} as const satisfies Record<string, OrderStatus>;

/** The status of a line whose transaction type `orderStatusOfTransaction` does not name. */
export const orderStatusOfOtherTransactions = 'refunded' satisfies OrderStatus;

/** The order status shown for a transaction type. */
export const orderStatusOf = (transactionType: string): OrderStatus =>
  Object.hasOwn(orderStatusOfTransaction, transactionType)
    ? orderStatusOfTransaction[transactionType as keyof typeof orderStatusOfTransaction]
    : orderStatusOfOtherTransactions;

/** The orders table; the Bookings CSV beside it is a download, not an endpoint of the contract. */
export const orderEndpoints = {
  search: endpoint({
    access: 'partner',
    permission: 'manage_fans',
    tags: ['orders'],
    method: 'GET',
    path: '/orders',
    summary: 'Search an organization’s orders',
    query: ordersQuerySchema,
    response: orderListSchema,
  }),
};
