import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:key',
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ key: z.string().max(64) }) },
    },
    async (request, reply) => {
      const file = await app.storage.get(request.params.key);
      if (!file) throw notFound('File');
      const font = file.contentType.startsWith('font/');
      const inline = file.contentType.startsWith('image/') || font;
      // Browsers fetch @font-face sources with CORS: the widget draws uploaded fonts on partners' sites.
      if (font) reply.header('access-control-allow-origin', '*');
      return reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', inline ? 'inline' : 'attachment')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.data);
    },
  );
};
