// What the rest of the API uses of this module; the other files are its own (lint: boundaries/api-modules).
export { getSeatMap } from './read.ts';
export { seatMapsRoutes } from './routes.ts';
export { seatPlaceOf } from './seat-place.ts';
