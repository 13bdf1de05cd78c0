// What the rest of the API uses of this module; the other files are its own (lint: boundaries/api-modules).
export { widgetCorsPlugin } from './cors.ts';
export { widgetPages } from './pages.ts';
export { widgetRoutes } from './routes.ts';
