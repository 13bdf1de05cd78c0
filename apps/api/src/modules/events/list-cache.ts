import type { Db } from '../../db/client.ts';
import { keptAnswer, stampedAnswers, successBody, type KeptAnswer } from '../../lib/kept-answer.ts';
import { eventListStamp, listEventsJson } from './list.ts';

/** Lists by partner and shape. */
const kept = stampedAnswers(100);

/**
 * The partner's event list, answered again from memory while its stamp holds. The portal opens on
 * this list; at 200 events building it costs PostgreSQL ~5 ms and compressing it ~1 ms, while reading
 * the stamp costs about what one primary-key read does.
 */
export async function eventList(db: Db, partnerId: number, ordered: boolean): Promise<KeptAnswer> {
  return kept(db, `${partnerId}:${ordered}`, {
    now: Date.now(),
    stamp: { label: 'event-list-stamp', expression: eventListStamp(partnerId) },
    build: async () => {
      const { json, stamp } = await listEventsJson(db, partnerId, ordered);
      return keptAnswer(stamp, successBody(json));
    },
  });
}
