import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { brotliQuality, compressFrom, gzipLevel } from './compression.ts';

type Encoding = 'br' | 'gzip';

/**
 * An answer's body as written once, with the stamp of what it was built from and its compressed
 * forms, each made the first time a client asks for it. The owner keeps it while the stamp holds.
 */
export type KeptAnswer = { stamp: string; body: string; encoded: Partial<Record<Encoding, Buffer>> };

export const keptAnswer = (stamp: string, body: string): KeptAnswer => ({ stamp, body, encoded: {} });

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
