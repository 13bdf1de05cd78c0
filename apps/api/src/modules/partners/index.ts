// What the rest of the API uses of this module; the other files are its own (lint: boundaries/api-modules).
export { assertPartnerExists } from './known.ts';
export { paymentsRoutes } from './payments-routes.ts';
export { partnersRoutes } from './routes.ts';
