import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built SPA. Unknown non-API GETs fall back to index.html so client routes survive a reload;
 * unknown /api paths always get the 404 envelope.
 */
export const spaPlugin = fp(async (app: FastifyInstance, { webDist }: { webDist: string }) => {
  const hasSpa = existsSync(path.join(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The brotli or gzip copy the build wrote beside a file (scripts/precompress.ts), as the browser
      // accepts; the copies are no routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // Vite names assets by content hash, so they never change under the same name; the rest is
      // checked again on every use. Set here because the plugin's own header would overwrite ours.
      cacheControl: false,
      setHeaders: (res, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
      },
    });
  }
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');

  if (hasSpa) app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (_req, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (hasSpa && !isApi && (request.method === 'GET' || request.method === 'HEAD')) return sendIndex(reply);
    return reply.code(404).send({
      success: false,
      error: { code: 'not_found', message: `No route ${request.method} ${pathname}.` },
    });
  });
});
