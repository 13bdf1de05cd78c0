import {
  checkoutEndpoints,
  resaleEndpoints,
  seatingEndpoints,
  widgetEndpoints,
  widgetHolderTicketEndpoints as holderEndpoints,
} from '@portal/contract';
import { expect, it } from 'vitest';
import { routes } from './routes.ts';

it('calls each endpoint by the method, path and access its contract definition gives', () => {
  const definitions = {
    settings: widgetEndpoints.public,
    signInLink: widgetEndpoints.signInLink,
    events: checkoutEndpoints.events,
    checkout: checkoutEndpoints.checkout,
    daySeats: seatingEndpoints.daySeats,
    holdSeats: seatingEndpoints.hold,
    releaseSeats: seatingEndpoints.release,
    resales: resaleEndpoints.list,
    buyResale: resaleEndpoints.buy,
    tickets: holderEndpoints.list,
    transfer: holderEndpoints.transfer,
    sell: holderEndpoints.sell,
    cancelSale: holderEndpoints.cancelSale,
  };
  const plain = ({ method, path, access }: { method: string; path: string; access: string }) => ({
    method,
    path,
    access,
  });
  expect(routes).toEqual(Object.fromEntries(Object.entries(definitions).map(([name, e]) => [name, plain(e)])));
});
