import { sql } from 'drizzle-orm';
import { preparedRows, type Db } from '../../db/client.ts';
import { keptAnswer, type KeptAnswer } from '../../lib/kept-answer.ts';
import { keptPerDatabase } from '../../lib/recent.ts';
import { eventListStamp, listEventsJson } from './list.ts';

/** Lists by partner and shape. */
const kept = keptPerDatabase<string, KeptAnswer>(100);

/**
 * The partner's event list, answered again from memory while its stamp holds. The portal opens on
 * this list; at 200 events building it costs PostgreSQL ~5 ms and compressing it ~1 ms, while reading
 * the stamp costs about what one primary-key read does. Every request still asks the database, so
 * a list is never older than the request, on this instance or any other.
 */
export async function eventList(db: Db, partnerId: number, ordered: boolean): Promise<KeptAnswer> {
  const key = `${partnerId}:${ordered}`;
  const last = kept.get(db, key);
  if (last) {
    const [now] = await preparedRows<{ stamp: string }>(
      db,
      'event-list-stamp',
      sql`select ${eventListStamp(partnerId)} as stamp`,
    );
    if (now?.stamp === last.stamp) return last;
  }
  const { json, stamp } = await listEventsJson(db, partnerId, ordered);
  const fresh = keptAnswer(stamp, `{"success":true,"data":${json}}`);
  kept.set(db, key, fresh);
  return fresh;
}
