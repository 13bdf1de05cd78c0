import type {
  checkoutEndpoints,
  Endpoint,
  resaleEndpoints,
  seatingEndpoints,
  widgetEndpoints,
  widgetHolderTicketEndpoints as holderEndpoints,
} from '@portal/contract';

/**
 * An endpoint of the contract as the widget calls it: its method, path and access, as plain text. The
 * definitions themselves hold zod schemas, which would nearly triple the widget's weight on a
 * partner's page; the type ties each route to its definition (and so its input and answer), and
 * routes.test.ts checks the text against the definitions.
 */
export type Route<E extends Endpoint> = Pick<E, 'method' | 'path' | 'access'> & { readonly endpoint?: E };

type Routes = {
  settings: Route<typeof widgetEndpoints.public>;
  signInLink: Route<typeof widgetEndpoints.signInLink>;
  events: Route<typeof checkoutEndpoints.events>;
  checkout: Route<typeof checkoutEndpoints.checkout>;
  daySeats: Route<typeof seatingEndpoints.daySeats>;
  holdSeats: Route<typeof seatingEndpoints.hold>;
  releaseSeats: Route<typeof seatingEndpoints.release>;
  resales: Route<typeof resaleEndpoints.list>;
  buyResale: Route<typeof resaleEndpoints.buy>;
  tickets: Route<typeof holderEndpoints.list>;
  transfer: Route<typeof holderEndpoints.transfer>;
  sell: Route<typeof holderEndpoints.sell>;
  cancelSale: Route<typeof holderEndpoints.cancelSale>;
};

/** Every call the widget makes to our API, but a ticket's PDF, which is a file and not an endpoint. */
export const routes: Routes = {
  settings: { method: 'GET', path: '/public/partners/:id/widget', access: 'public' },
  signInLink: { method: 'POST', path: '/public/partners/:id/widget/sign-in-link', access: 'public' },
  events: { method: 'GET', path: '/public/partners/:id/events', access: 'public' },
  checkout: { method: 'POST', path: '/public/checkout', access: 'public' },
  daySeats: { method: 'GET', path: '/public/events/:id/days/:dayId/seats', access: 'public' },
  holdSeats: { method: 'POST', path: '/public/events/:id/days/:dayId/seat-holds', access: 'public' },
  releaseSeats: { method: 'DELETE', path: '/public/seat-holds/:hold', access: 'public' },
  resales: { method: 'GET', path: '/public/partners/:id/resales', access: 'public' },
  buyResale: { method: 'POST', path: '/public/partners/:partnerId/resales/:id/buy', access: 'public' },
  tickets: { method: 'GET', path: '/holder/partners/:id/tickets', access: 'user' },
  transfer: { method: 'POST', path: '/holder/partners/:id/tickets/:ticketId/transfer', access: 'user' },
  sell: { method: 'POST', path: '/holder/partners/:id/tickets/:ticketId/resale', access: 'user' },
  cancelSale: { method: 'DELETE', path: '/holder/partners/:id/tickets/:ticketId/resale', access: 'user' },
};
