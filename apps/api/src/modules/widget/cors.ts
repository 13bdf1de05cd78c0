import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { idParamSchema } from '@portal/contract';
import { forbidden } from '../../lib/http-error.ts';
import type { Db } from '../../db/client.ts';
import { originAllowed, partnerOriginCheck } from './public.ts';

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

/** Why a page may not use the widget, in words for its visitor (often the partner, trying it out). */
const refusal = (site: string | null) =>
  site
    ? `This ticket shop only works on ${site}: the website address does not match.`
    : 'This ticket shop does not work on this website: the website address does not match.';

/** Whether this origin may make the call, and the partner's site when the path names a partner. */
async function check(db: Db, origin: string, named: { success: boolean; data?: number } | undefined) {
  if (named === undefined) return { allowed: await originAllowed(db, origin), site: null };
  // A path naming no possible partner (id 0, or past the id range) is no partner's: refused.
  if (!named.success || named.data === undefined) return { allowed: false, site: null };
  return partnerOriginCheck(db, origin, named.data);
}

/**
 * CORS for the widget: a page may call the fan-side API only from the website address its partner saved
 * (a partner's own calls, when the path names one; any partner's site for checkout and holder calls).
 * Every other origin is refused outright, preflight or not, so no other site can drive a fan's session.
 */
export const widgetCorsPlugin = fp(async (app: FastifyInstance) => {
  /** Answers whether the reply was sent here (a preflight's); throws the refusal of an origin not allowed. */
  const admit = async (request: FastifyRequest, reply: FastifyReply, origin: string, path: string) => {
    const matched = partnerPath.exec(path)?.[1];
    const named = matched === undefined ? undefined : idParamSchema.safeParse(matched);
    const { allowed, site } = await check(app.database.db, origin, named);
    reply.header('vary', 'origin');
    if (!allowed) {
      // The refusal itself is readable by the page (a preflight's is not: nothing may follow it), so the
      // widget can say why rather than "could not reach"; it carries only where the partner's widget works.
      if (request.method !== 'OPTIONS') reply.header('access-control-allow-origin', origin);
      throw forbidden(refusal(site));
    }
    reply.header('access-control-allow-origin', origin);
    if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return false;
    reply
      .header('access-control-allow-methods', 'GET, POST, DELETE')
      .header('access-control-allow-headers', 'authorization, content-type, idempotency-key')
      .header('access-control-max-age', '600')
      .code(204)
      .send();
    return true;
  };
  // Every request passes here and most carry no other origin: a callback hook, so those cost no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    const path = request.url.split('?')[0] ?? '';
    if (!origin || !widgetPath.test(path) || sameSite(request, origin)) return done();
    // A preflight answered here ends the request: the chain goes on only when nothing was sent.
    admit(request, reply, origin, path).then((sent) => sent || done(), done);
  });
});
