import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Db } from '../db/client.ts';
import { brotliQuality, compressFrom, gzipLevel } from './compression.ts';
import { keptPerDatabase } from './recent.ts';

type Encoding = 'br' | 'gzip';

/**
 * An answer's body as written once, with the stamp of what it was built from and its compressed
 * forms, each made the first time a client asks for it. The owner keeps it while the stamp holds and,
 * for an answer the clock changes, until `until` (epoch milliseconds).
 */
export type KeptAnswer = {
  stamp: string;
  body: string;
  encoded: Partial<Record<Encoding, Buffer>>;
  until?: number;
};

export const keptAnswer = (stamp: string, body: string, until?: number | null): KeptAnswer => ({
  stamp,
  body,
  encoded: {},
  ...(until != null ? { until } : {}),
});

/**
 * Answers kept per database and key while their stamp holds. Every request still reads the stamp
 * from the database, so no answer is older than its request, on this instance or any other.
 * `build` makes the answer afresh with the stamp of what it read: read in the same snapshot as its
 * rows, or before them (`seen`, when one was just read), never after.
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
    }: { stamp: () => Promise<string | null>; build: (seen?: string | null) => Promise<KeptAnswer>; now: number },
  ): Promise<KeptAnswer> => {
    const last = kept.get(db, key);
    let seen: string | null | undefined;
    if (last && (last.until === undefined || now < last.until)) {
      seen = await stamp();
      if (seen === last.stamp) return last;
    }
    const fresh = await build(seen);
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

/** Sends a kept answer, compressed once per encoding rather than once per request. */
export function sendKeptAnswer(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = answer.body.length >= compressFrom ? acceptedEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(answer.body);
  const bytes = (answer.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } })
      : gzipSync(answer.body, { level: gzipLevel }));
  return reply.header('content-encoding', encoding).send(bytes);
}
