import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { preparedRows, type Db } from '../db/client.ts';
import { brotliQuality, compressFrom, gzipLevel } from './compression.ts';
import { keptPerDatabase } from './recent.ts';

type Encoding = 'br' | 'gzip';

/** An answer's body as written once, and its compressed forms, each made the first time a client asks for it. */
export type SentAnswer = { body: string; encoded: Partial<Record<Encoding, Buffer>> };

/**
 * A sent answer with the stamp of what it was built from. The owner keeps it while the stamp holds
 * and, for an answer the clock changes, until `until` (epoch milliseconds).
 */
export type KeptAnswer = SentAnswer & { stamp: string; until?: number };

/** The success envelope around data the database already wrote as JSON text. */
export const successBody = (dataJson: string) => `{"success":true,"data":${dataJson}}`;

export const sentAnswer = (body: string): SentAnswer => ({ body, encoded: {} });

export const keptAnswer = (stamp: string, body: string, until?: number | null): KeptAnswer => ({
  ...sentAnswer(body),
  stamp,
  ...(until != null ? { until } : {}),
});

/**
 * Answers kept per database and key while their stamp holds. Every request still reads the stamp
 * (`expression`, one prepared statement named `label`) from the database, so no answer is older than
 * its request, on this instance or any other. `build` makes the answer afresh with the stamp of what
 * it read: read in the same statement as its rows, or before them (`readStamp`, which answers the
 * stamp just read when there is one), never after.
 */
export function stampedAnswers(capacity: number) {
  const kept = keptPerDatabase<string, KeptAnswer>(capacity);
  return async (
    db: Db,
    key: string,
    {
      stamp,
      build,
      now,
    }: {
      stamp: { label: string; expression: SQL };
      build: (readStamp: () => Promise<string | null>) => Promise<KeptAnswer>;
      now: number;
    },
  ): Promise<KeptAnswer> => {
    const read = async () => {
      const [row] = await preparedRows<{ stamp: string | null }>(
        db,
        stamp.label,
        sql`select ${stamp.expression} as stamp`,
      );
      return row?.stamp ?? null;
    };
    const last = kept.get(db, key);
    let readStamp = read;
    if (last && (last.until === undefined || now < last.until)) {
      const seen = await read();
      if (seen === last.stamp) return last;
      readStamp = async () => seen;
    }
    const fresh = await build(readStamp);
    kept.set(db, key, fresh);
    return fresh;
  };
}

/** The encoding the client takes that we keep, brotli first; none when it takes neither. */
function acceptedEncoding(header: string | undefined): Encoding | null {
  const taken = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.trim().toLowerCase()),
  );
  return taken.has('br') ? 'br' : taken.has('gzip') ? 'gzip' : null;
}

/** Sends an answer written once, compressed once per encoding rather than once per request. */
export function sendKeptAnswer(request: FastifyRequest, reply: FastifyReply, answer: SentAnswer) {
  // Added to what the answer already varies by (the widget's CORS varies it by origin).
  const vary = reply.getHeader('vary');
  reply
    .type('application/json; charset=utf-8')
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = answer.body.length >= compressFrom ? acceptedEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(answer.body);
  const bytes = (answer.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } })
      : gzipSync(answer.body, { level: gzipLevel }));
  return reply.header('content-encoding', encoding).send(bytes);
}
