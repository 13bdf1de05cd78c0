import { useQueryClient } from '@tanstack/react-query';
import { gateRefusals, seatInWords, type GateList } from '@portal/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/http.ts';
import { heldGateList, noteAdmissions, syncScans, useAdmit, useGateList } from '../api/check-in.ts';
import type { GateAnswer } from '../components/gate-answer.tsx';
import { decideOffline } from './gate-decision.ts';
import { createPassVerifier } from './pass-verifier.ts';
import { createScanQueue, type QueuedScan } from './scan-queue.ts';
import { useOnline } from './use-online.ts';

/** A scan admitted offline that the server refused once it heard of it. */
export type SyncRefusal = { scan_id: string; code: string; holder: string; reason: string };

/** How often a gate with admissions waiting tries to sync them, besides when the network returns. */
export const SYNC_RETRY_MS = 10_000;
const SYNC_BATCH = 500;
const NO_LIST = 'This gate has not been given the day’s list yet: it needs the network once to get it.';

const byDay = (scans: QueuedScan[]) => {
  const days = new Map<number, QueuedScan[]>();
  for (const scan of scans) days.set(scan.event_day_id, [...(days.get(scan.event_day_id) ?? []), scan]);
  return days;
};

/**
 * One gate of one day: admits through the server while there is a network, and by itself on the
 * day's list when there is none, queueing those admissions and syncing them when the network returns.
 * Tickets are decided one at a time, so a code shown twice in quick succession is admitted once.
 */
export function useGate(eventId: number, dayId: number | null, timeZone: string) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const list = useGateList(eventId, dayId);
  const admit = useAdmit(eventId, dayId);
  const queue = useMemo(() => createScanQueue(eventId), [eventId]);
  const [queued, setQueued] = useState(queue.all);
  const [refusedAfterSync, setRefusedAfterSync] = useState<SyncRefusal[]>([]);
  const [syncError, setSyncError] = useState<string | null>(null);
  const turn = useRef<Promise<unknown>>(Promise.resolve());
  const syncing = useRef(false);
  // What this device admitted through the server, by day and code: a list taken again meanwhile may
  // not hold those admissions yet, and an offline decision must not let the ticket in a second time.
  const admittedOnline = useRef(new Map<string, string>());

  /** When this device let the ticket in on this day, if it did: offline and waiting, or online. */
  const admittedByThisDevice = useCallback(
    (day: number, code: string) =>
      queue.all().find((s) => s.event_day_id === day && s.code === code)?.scanned_at ??
      admittedOnline.current.get(`${day}:${code}`),
    [queue],
  );

  const keys = JSON.stringify(list.data?.keys ?? []);
  const verifier = useMemo(() => createPassVerifier(JSON.parse(keys) as GateList['keys']), [keys]);

  const decideHere = useCallback(
    async (text: string, code: string): Promise<GateAnswer> => {
      const held = dayId === null ? undefined : heldGateList(queryClient, eventId, dayId);
      if (!held || dayId === null) return { kind: 'refused', code, reason: NO_LIST };
      const at = admittedByThisDevice(dayId, code);
      const admittedHere = new Map(at ? [[code, at]] : []);
      const decision = await decideOffline(held, admittedHere, verifier, text);
      if (!decision.admitted) return { kind: 'refused', code: decision.code, reason: decision.reason };
      const { ticket } = decision;
      setQueued(
        queue.add({
          scan_id: crypto.randomUUID(),
          text: text.trim(),
          code: ticket.code,
          event_day_id: dayId,
          scanned_at: new Date().toISOString(),
          holder: ticket.holder,
          ticket_type: ticket.ticket_type,
        }),
      );
      return {
        kind: 'admitted',
        code: ticket.code,
        holder: ticket.holder,
        ticketType: ticket.ticket_type,
        seat: ticket.seat && seatInWords(ticket.seat),
        offline: true,
      };
    },
    [queryClient, eventId, dayId, queue, verifier, admittedByThisDevice],
  );

  const decide = useCallback(
    async (text: string, code: string): Promise<GateAnswer> => {
      if (!navigator.onLine) return decideHere(text, code);
      // Let in offline and not synced yet: the server does not know it, this device does.
      const waiting = dayId === null ? undefined : queue.all().find((s) => s.event_day_id === dayId && s.code === code);
      if (waiting) return { kind: 'refused', code, reason: gateRefusals.alreadyAdmitted(waiting.scanned_at, timeZone) };
      try {
        const admitted = await admit.mutateAsync(text);
        admittedOnline.current.set(`${dayId}:${code}`, admitted.checked_in_at);
        return {
          kind: 'admitted',
          code,
          holder: admitted.holder,
          ticketType: admitted.ticket_type,
          seat: admitted.seat && seatInWords(admitted.seat),
        };
      } catch (error) {
        // The server could not be reached (no network, or a proxy whose API is down): decide here.
        if (error instanceof ApiRequestError && (error.status === 0 || error.status >= 502)) {
          return decideHere(text, code);
        }
        return { kind: 'refused', code, reason: (error as Error).message };
      }
    },
    [admit, decideHere, dayId, queue, timeZone],
  );

  /** Shows the gate a ticket; the answer comes once the tickets shown before it are decided. */
  const send = useCallback(
    (text: string, code: string) => {
      const answer = turn.current.then(() => decide(text, code));
      turn.current = answer.catch(() => undefined);
      return answer;
    },
    [decide],
  );

  const sync = useCallback(async () => {
    if (syncing.current || !navigator.onLine || queue.all().length === 0) return;
    syncing.current = true;
    let refused: string | null = null;
    try {
      for (const [day, scans] of byDay(queue.all())) {
        for (let start = 0; start < scans.length; start += SYNC_BATCH) {
          const batch = scans.slice(start, start + SYNC_BATCH);
          const results = await syncScans(eventId, {
            event_day_id: day,
            scans: batch.map((s) => ({ scan_id: s.scan_id, code: s.text, scanned_at: s.scanned_at })),
          }).catch((error: unknown) => {
            // A day the server refuses as a whole (deleted since, say) waits; the other days go on.
            if (error instanceof ApiRequestError && error.status === 0) throw error;
            refused = (error as Error).message;
            return null;
          });
          if (!results) break;
          const sent = new Map(batch.map((s) => [s.scan_id, s]));
          for (const r of results) {
            if (r.admitted && r.checked_in_at)
              admittedOnline.current.set(`${day}:${sent.get(r.scan_id)?.code}`, r.checked_in_at);
          }
          setQueued(queue.remove(new Set(results.map((r) => r.scan_id))));
          setRefusedAfterSync((before) => [
            ...results
              .filter((r) => !r.admitted)
              .map((r) => ({
                scan_id: r.scan_id,
                code: sent.get(r.scan_id)?.code ?? r.code,
                holder: sent.get(r.scan_id)?.holder ?? '',
                reason: r.reason ?? '',
              })),
            ...before,
          ]);
          noteAdmissions(
            queryClient,
            eventId,
            day,
            results
              .filter((r) => r.admitted && r.checked_in_at)
              .map((r) => ({ code: sent.get(r.scan_id)?.code ?? r.code, checked_in_at: r.checked_in_at! })),
          );
        }
      }
      setSyncError(refused);
    } catch {
      // The network went again: the rest stays in the queue and is tried again, without a message.
    } finally {
      syncing.current = false;
    }
  }, [eventId, queryClient, queue]);

  // Syncs as soon as the network is back or an admission joins the queue, then keeps trying while
  // some wait (a server that does not answer, say).
  useEffect(() => {
    if (!online || queued.length === 0) return;
    const now = setTimeout(() => void sync(), 0);
    const retry = setInterval(() => void sync(), SYNC_RETRY_MS);
    return () => {
      clearTimeout(now);
      clearInterval(retry);
    };
  }, [online, queued.length, sync]);

  return {
    online,
    list,
    send,
    waiting: queued.filter((s) => s.event_day_id === dayId),
    refusedAfterSync,
    dismissRefusals: () => setRefusedAfterSync([]),
    syncError,
  };
}
