import type { EventCreate, EventCreated } from '@portal/contract';
import { api } from '../../../lib/http.ts';

/** POST /events: a non-recurring event answers itself, a recurring one the list of its occurrences. */
export async function createEvent(payload: EventCreate) {
  const answer = await api<EventCreated | EventCreated[]>('/events', { method: 'POST', body: payload });
  const series = Array.isArray(answer) ? answer : [answer];
  return { id: series[0]!.ID, seriesSize: Array.isArray(answer) ? series.length : 0 };
}

/** The support contact is created only when support text was given (back-office §4). */
export const createSupportContact = (eventId: number, contact: string) =>
  api('/support', { method: 'POST', body: { event_id: eventId, contact } });
