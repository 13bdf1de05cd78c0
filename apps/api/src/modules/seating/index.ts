// What the rest of the API uses of this module; the other files are its own (lint: boundaries/api-modules).
export { seatingRoutes } from './routes.ts';
