// What the rest of the API uses of this module; the other files are its own (lint: boundaries/api-modules).
export { orderRefundOf, type OrderRefundColumns } from './order-refund.ts';
export { ordersRoutes } from './routes.ts';
