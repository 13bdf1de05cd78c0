import type { Db } from '../../db/client.ts';
import { retryContended } from '../../lib/db-errors.ts';
import { recordBaskets, type Basket, type RecordedSale, type SaleOptions } from './record-sale.ts';

/** A sale waiting to be written. `joining` is called as it joins a batch, and throws to leave (the buyer is gone). */
export type PendingSale = { basket: Basket; options: SaleOptions; joining: () => void };

/**
 * Sells a basket that `sellsInBatches` with the others of its event waiting at that moment: one
 * statement and one commit for up to `size` sales (`recordBaskets`). An event's sales take its hot rows
 * one after another whatever the server does, so one batch per event is written at a time, and the
 * sales arriving meanwhile make the next one. A batch sold 20 sales at 0.63 ms of the machine's CPU
 * each in PostgreSQL where one sale a transaction cost 1.59 ms (docs/benchmarks.md).
 */
export type SaleBatches = (eventId: number, sale: PendingSale, signal?: AbortSignal) => Promise<RecordedSale>;

type Waiting = { sale: PendingSale; resolve: (sale: RecordedSale) => void; reject: (err: unknown) => void };

/**
 * A buyer who leaves while waiting (`signal`) leaves at once: `joining` throws for them, their charge
 * is given back without waiting behind the batch being written, and nothing of theirs is written.
 */
export function createSaleBatches(db: Db, size = 50): SaleBatches {
  const lines = new Map<number, { waiting: Waiting[]; writing: boolean }>();

  /** Joins the waiting sale to a batch, or answers it at once when `joining` refuses it. */
  const joins = (w: Waiting) => {
    try {
      w.sale.joining();
      return true;
    } catch (err) {
      w.reject(err);
      return false;
    }
  };

  const next = (eventId: number) => {
    const line = lines.get(eventId);
    if (!line || line.writing) return;
    const batch: Waiting[] = [];
    while (batch.length < size && line.waiting.length > 0) {
      const w = line.waiting.shift()!;
      if (joins(w)) batch.push(w);
    }
    if (batch.length === 0) {
      if (line.waiting.length === 0) lines.delete(eventId);
      return;
    }
    line.writing = true;
    retryContended(() =>
      recordBaskets(
        db,
        batch.map((w) => w.sale),
      ),
    )
      .then(
        (outcomes) =>
          batch.forEach((w, i) => {
            const outcome = outcomes[i]!;
            if (outcome instanceof Error) w.reject(outcome);
            else w.resolve(outcome);
          }),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        line.writing = false;
        next(eventId);
      });
  };

  return (eventId, sale, signal) =>
    new Promise<RecordedSale>((resolve, reject) => {
      let line = lines.get(eventId);
      if (!line) lines.set(eventId, (line = { waiting: [], writing: false }));
      const w: Waiting = { sale, resolve, reject };
      line.waiting.push(w);
      signal?.addEventListener(
        'abort',
        () => {
          const at = line.waiting.indexOf(w);
          if (at >= 0 && !joins(w)) line.waiting.splice(at, 1);
        },
        { once: true },
      );
      // Those arriving in the same turn of the event loop go in the same batch.
      if (!line.writing && line.waiting.length === 1) setImmediate(() => next(eventId));
    });
}
