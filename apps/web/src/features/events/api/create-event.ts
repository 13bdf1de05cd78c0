import type { EventCreate, EventCreated } from '@portal/contract';
import { api } from '../../../lib/http.ts';

/** POST /events, then the support contact when one was given (back-office §4). */
export async function createEvent(payload: EventCreate, support: string) {
  const answer = await api<EventCreated | EventCreated[]>('/events', { method: 'POST', body: payload });
  // A non-recurring event answers itself; a recurring one the list of its occurrences.
  const series = Array.isArray(answer) ? answer : [answer];
  const first = series[0]!;
  if (support.trim()) await api('/support', { method: 'POST', body: { event_id: first.ID, contact: support.trim() } });
  return { id: first.ID, seriesSize: Array.isArray(answer) ? series.length : 0 };
}
