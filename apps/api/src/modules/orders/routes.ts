import { Readable } from 'node:stream';
import { bookingsCsvQuerySchema, idParamSchema, orderEndpoints as endpoints } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { assertPartner, requirePartnerAuth } from '../../plugins/auth.ts';
import { bookingsCsv } from './bookings-csv.ts';
import { searchOrders } from './search.ts';

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];
  const config = { access: 'partner', permission: 'manage_fans' } as const;

  serveEndpoint(app, endpoints.search, async (req) =>
    searchOrders(app.database.db, requirePartnerAuth(req).partnerId, req.query),
  );

  app.get(
    '/analytics/slot_quantity/:partnerId',
    {
      config,
      schema: {
        summary: 'Download the bookings as CSV',
        tags,
        params: z.object({ partnerId: idParamSchema }),
        querystring: bookingsCsvQuerySchema,
        response: {
          200: {
            description: 'The bookings, one line per ticket, as an attachment.',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (req, reply) => {
      const { partnerId } = assertPartner(req, req.params.partnerId);
      const day = new Date().toISOString().slice(0, 10);
      // A byte stream (not object mode): at most 64 KB wait in it while the client reads.
      const stream = Readable.from(bookingsCsv(app.database, partnerId, req.query), {
        objectMode: false,
        highWaterMark: 64 * 1024,
      });
      stream.on('error', (err) => req.log.error({ err }, 'bookings CSV stopped'));
      // The schema documents the CSV text that arrives; the type provider cannot know a stream sends it.
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bookings-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
