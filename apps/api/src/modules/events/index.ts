// What the rest of the API uses of this module; the other files are its own (lint: boundaries/api-modules).
export { eventExtrasRoutes } from './extras-routes.ts';
export { dayOfEvent, ownedEvent } from './owned.ts';
export { eventsRoutes } from './routes.ts';
export { ticketTypesOf } from './ticket-types-of.ts';
