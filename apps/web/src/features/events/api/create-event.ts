import { eventEndpoints as endpoints, type EventCreate } from '@portal/contract';
import { call } from '../../../lib/http.ts';

/** POST /events: a non-recurring event answers itself, a recurring one the list of its occurrences. */
export async function createEvent(payload: EventCreate) {
  const answer = await call(endpoints.create, { body: payload });
  const series = Array.isArray(answer) ? answer : [answer];
  return { id: series[0]!.ID, seriesSize: Array.isArray(answer) ? series.length : 0 };
}

/** The support contact is created only when support text was given (back-office §4). */
export const createSupportContact = (eventId: number, contact: string) =>
  call(endpoints.createSupport, { body: { event_id: eventId, contact } });
