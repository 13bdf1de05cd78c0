import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../../lib/http-error.ts';
import { originAllowed } from './public.ts';

/** The calls a widget on a partner's page makes across origins. */
const widgetPath = /^\/api\/(public|holder)\//;
const partnerPath = /^\/api\/(?:public|holder)\/partners\/(\d+)\//;

function sameSite(request: FastifyRequest, origin: string) {
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * CORS for the widget: a page may call the fan-side API only from the website address its partner saved
 * (a partner's own calls, when the path names one; any partner's site for checkout and holder calls).
 * Every other origin is refused outright, preflight or not, so no other site can drive a fan's session.
 */
export const widgetCorsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    const path = request.url.split('?')[0] ?? '';
    if (!origin || !widgetPath.test(path) || sameSite(request, origin)) return;
    const partnerId = partnerPath.exec(path)?.[1];
    const allowed = await originAllowed(app.database.db, origin, partnerId ? Number(partnerId) : undefined);
    if (!allowed) throw forbidden('This website may not use the ticket widget.');
    reply.header('access-control-allow-origin', origin).header('vary', 'origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply
        .header('access-control-allow-methods', 'GET, POST, DELETE')
        .header('access-control-allow-headers', 'authorization, content-type, idempotency-key')
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    }
  });
});
