import type { CheckInSyncBody, CheckInSyncResult } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { TicketPasses } from '../ticket-passes/index.ts';
import { admitTicket } from './check-in.ts';
import { gateEvent } from './gate-day.ts';

/** A scan's answer when it admits nothing: the reason, as the online gate would have said it. */
const refusal = (reason: string) => ({ admitted: false, reason, holder: null, ticket_type: null, checked_in_at: null });

/**
 * Decides the scans a gate made offline, in the order it made them, by the rules of the online gate:
 * each is admitted as of its own time (never later than now) by the member who sends them, or
 * refused with the gate's reason. Scan ids make the sync safe to send again: a scan that admitted its
 * ticket answers the same, and one whose admission was undone since stays undone. Only a whole
 * request can fail (a day of another event, another organisation's event); one bad scan never does.
 */
export async function syncCheckIns(
  db: Db,
  passes: TicketPasses,
  partnerId: number,
  memberId: number,
  eventId: number,
  body: CheckInSyncBody,
): Promise<CheckInSyncResult> {
  const event = await gateEvent(db, partnerId, eventId, body.event_day_id);
  // UUIDs are compared as the database writes them: in lower case.
  const scans = body.scans.map((s) => ({ ...s, id: s.scan_id.toLowerCase() }));
  const results: CheckInSyncResult = [];
  for (const scan of scans) {
    const sent = { scan_id: scan.scan_id, code: scan.code };
    try {
      const { holder, ticket_type, checked_in_at } = await admitTicket(
        db,
        passes,
        partnerId,
        event,
        body.event_day_id,
        scan.code,
        { memberId, scan: { id: scan.id, at: new Date(scan.scanned_at) } },
      );
      results.push({ ...sent, admitted: true, reason: null, holder, ticket_type, checked_in_at });
    } catch (error) {
      if (!(error instanceof HttpError) || ![404, 409].includes(error.statusCode)) throw error;
      results.push({ ...sent, ...refusal(error.message) });
    }
  }
  return results;
}
