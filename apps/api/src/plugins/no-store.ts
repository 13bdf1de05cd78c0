import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The API answers that anyone may keep in a cache: public reads that show everyone the same thing (a
 * partner's catalogue and widget look, resale listings, uploaded files, the sign-in options, health).
 * Every other answer under /api (anything signed in, anything written, sign-in, checkout results,
 * and every error of those) is sent with `Cache-Control: no-store`, so fans, orders, members and
 * tokens stay out of browser, proxy and CDN caches. A route added here must be public and a GET.
 */
export const shareableRoutes: ReadonlySet<string> = new Set([
  'GET /api/public/partners/:id/events',
  'GET /api/public/partners/:id/resales',
  'GET /api/public/partners/:id/widget',
  'GET /api/files/:key',
  'GET /api/identity/providers',
  'GET /api/health',
]);

export const noStorePlugin = fp(async (app: FastifyInstance) => {
  // Set before the route runs, so errors carry it too and a shareable route may set its own. Every
  // request passes here: a callback hook, not an async one, costs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    // The SPA, the widget's files and the API docs keep their own caching.
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return done();
    const { url, config } = request.routeOptions;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (config.access !== 'public' || !shareableRoutes.has(`${method} ${url}`))
      reply.header('cache-control', 'no-store');
    done();
  });
});
