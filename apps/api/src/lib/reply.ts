import type { FastifyReply } from 'fastify';

/** The success envelope around an answer (design §4). */
export const ok = <T>(data: T) => ({ success: true as const, data });

/**
 * The success envelope around data that is JSON text already (built by the database): sent as it is,
 * without parsing it into objects to serialise them again.
 */
export const okJson = (reply: FastifyReply, dataJson: string) =>
  reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${dataJson}}`);
