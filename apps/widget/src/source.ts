import {
  endpointPath,
  errorMessageOf,
  type CheckoutBody,
  type CheckoutResult,
  type DaySeats,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  type EndpointOutput,
  type HolderTicket,
  type PublicEvent,
  type PublicWidget,
  type Resale,
  type ResaleBought,
  type SeatHold,
  type SeatHoldBody,
} from '@portal/contract';
import { routes, type Route } from './routes.ts';
import type * as chooser from './seating/chooser.ts';

/** The seat chooser, a script of its own that only seated events load. */
export type SeatChooserModule = typeof chooser;

/** Where the widget's data comes from: our API on a partner's page, sample data in the portal's preview. */
export interface WidgetSource {
  settings(): Promise<PublicWidget>;
  events(): Promise<PublicEvent[]>;
  checkout(body: Omit<CheckoutBody, 'partner_id'>): Promise<CheckoutResult>;
  /** A seated event's day: its map, the seats taken and what each category costs; holding seats, and letting them go. */
  daySeats(eventId: number, dayId: number): Promise<DaySeats>;
  holdSeats(eventId: number, dayId: number, body: SeatHoldBody): Promise<SeatHold>;
  releaseSeats(hold: string): Promise<void>;
  seatChooser(): Promise<SeatChooserModule>;
  /** Tickets fans listed for resale at this partner, and buying one. */
  resales(): Promise<Resale[]>;
  buyResale(id: number, buyer: { email: string; full_name: string }, paymentMethod: string): Promise<ResaleBought>;
  sendSignInLink(email: string): Promise<void>;
  signedIn(): boolean;
  signOut(): void;
  tickets(): Promise<HolderTicket[]>;
  transfer(ticketId: number, email: string, fullName: string): Promise<void>;
  sell(ticketId: number, price: number): Promise<void>;
  cancelSale(ticketId: number): Promise<void>;
  /** The ticket as a one-page PDF with its QR code. */
  ticketPdf(ticketId: number): Promise<Blob>;
  /** True when this page was opened by the e-mailed sign-in link. */
  readonly justSignedIn?: boolean;
  /** Makes a relative file URL of ours absolute. */
  fileUrl(path: string): string;
}

const TOKEN = 'ppw_token';
/**
 * How long a purchase is asked after again: past the server's two minutes after which an attempt left
 * by a failed server is taken over, so a buyer is not told of a failure for a purchase still going on.
 */
const PURCHASE_PATIENCE_MS = 150_000;

/** A failed call; `retry` when the same request sent again may still succeed. */
class CallError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** 128 random bits, as text: the name of one purchase attempt. */
function purchaseKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Our API, called across origins (CORS allows the partner's site). The fan's session comes back from
 * the e-mailed link in this page's fragment; it is moved into this tab's storage and the fragment wiped.
 */
export function apiSource(apiOrigin: string, partnerId: number): WidgetSource {
  const key = `ppw-token:${apiOrigin}:${partnerId}`;
  const hash = new URLSearchParams(location.hash.slice(1));
  const arrived = hash.get(TOKEN);
  if (arrived) {
    sessionStorage.setItem(key, arrived);
    hash.delete(TOKEN);
    const rest = hash.toString();
    history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
  }

  /** Calls an endpoint the contract defines: its path, method and whether it needs the session come from it. */
  async function call<E extends Endpoint>(
    definition: Route<E>,
    input: EndpointInput<E>,
    extra: Record<string, string> = {},
  ): Promise<EndpointOutput<E>> {
    const { params, body } = input as { params?: Record<string, number | string>; body?: unknown };
    const token = sessionStorage.getItem(key);
    const headers: Record<string, string> = { ...extra };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token && definition.access !== 'public') headers.authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await fetch(`${apiOrigin}/api${endpointPath(definition, params)}`, {
        method: definition.method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new CallError('Could not reach the ticket service. Check your connection.', true);
    }
    const payload = (await res.json().catch(() => null)) as EndpointAnswer<E> | null;
    if (res.status === 401) sessionStorage.removeItem(key);
    if (payload?.success) return payload.data;
    const retry = res.status >= 502 || (payload !== null && payload.error.code === 'in_progress');
    throw new CallError(payload?.error.message ?? `Request failed (${res.status}).`, retry);
  }

  /**
   * A purchase under one key for this press of Pay, sent again while no final answer came (the
   * connection dropped, or the first request is still being worked on): the server answers every
   * retry as it answered the first, so the buyer is charged once and always hears of their tickets.
   */
  async function purchase(body: Omit<CheckoutBody, 'partner_id'>): Promise<CheckoutResult> {
    const headers = { 'idempotency-key': purchaseKey() };
    const giveUpAt = Date.now() + PURCHASE_PATIENCE_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        return await call(routes.checkout, { body: { ...body, partner_id: partnerId } }, headers);
      } catch (err) {
        if (!(err instanceof CallError && err.retry) || Date.now() >= giveUpAt) throw err;
        await new Promise((resolve) => setTimeout(resolve, Math.min(attempt, 5) * 1000));
      }
    }
  }

  let failedLoads = 0;
  const partner = { id: partnerId };
  const ticket = (ticketId: number) => ({ id: partnerId, ticketId });
  return {
    justSignedIn: arrived !== null,
    settings: () => call(routes.settings, { params: partner }),
    events: () => call(routes.events, { params: partner }),
    checkout: purchase,
    daySeats: (id, dayId) => call(routes.daySeats, { params: { id, dayId } }),
    holdSeats: (id, dayId, body) => call(routes.holdSeats, { params: { id, dayId }, body }),
    async releaseSeats(hold) {
      await call(routes.releaseSeats, { params: { hold } });
    },
    // Loaded from where the widget came from, when a buyer first opens a seated event.
    seatChooser: () =>
      (
        import(
          /* @vite-ignore */ `${apiOrigin}/widget/widget-seating.js${failedLoads ? `?try=${failedLoads}` : ''}`
        ) as Promise<SeatChooserModule>
      ).catch(() => {
        // A browser keeps a failed import's answer for the page's life: the next try asks another URL.
        failedLoads += 1;
        throw new CallError('The seat map could not load. Check your connection and try again.', true);
      }),
    resales: () => call(routes.resales, { params: partner }),
    buyResale: (id, buyer, payment_method) =>
      call(routes.buyResale, { params: { partnerId, id }, body: { buyer, payment_method } }),
    async sendSignInLink(email) {
      const back = new URL(location.href);
      back.hash = '';
      await call(routes.signInLink, { params: partner, body: { email, return_url: back.href } });
    },
    signedIn: () => sessionStorage.getItem(key) !== null,
    signOut: () => sessionStorage.removeItem(key),
    tickets: () => call(routes.tickets, { params: partner }),
    async transfer(id, email, full_name) {
      await call(routes.transfer, { params: ticket(id), body: { email, full_name } });
    },
    async sell(id, price) {
      await call(routes.sell, { params: ticket(id), body: { price } });
    },
    async cancelSale(id) {
      await call(routes.cancelSale, { params: ticket(id) });
    },
    async ticketPdf(id) {
      const res = await fetch(`${apiOrigin}/api/holder/partners/${partnerId}/tickets/${id}/pdf`, {
        headers: { authorization: `Bearer ${sessionStorage.getItem(key) ?? ''}` },
      }).catch(() => {
        throw new CallError('Could not reach the ticket service. Check your connection.', true);
      });
      if (res.ok) return res.blob();
      const message = errorMessageOf(await res.json().catch(() => null));
      throw new CallError(message ?? `Request failed (${res.status}).`, false);
    },
    fileUrl: (path) => new URL(path, apiOrigin).href,
  };
}
