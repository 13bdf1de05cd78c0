// What the rest of the API uses of this module; the other files are its own (lint: boundaries/api-modules).
export { partnerFan } from './list.ts';
export { rememberFan } from './remember.ts';
export { fansRoutes } from './routes.ts';
