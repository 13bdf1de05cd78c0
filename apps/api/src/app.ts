import Fastify, { type FastifyServerOptions } from 'fastify';
import { healthEndpoint } from '@portal/contract';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { brotliQuality, compressFrom, gzipLevel } from './lib/compression.ts';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createChain, type Chain } from './adapters/chain/index.ts';
import { createMailer, type Mailer } from './adapters/mail/index.ts';
import { createPayments, type Payments } from './adapters/payments/index.ts';
import { createStorage, type Storage } from './adapters/storage/index.ts';
import { createRateLimiter, type RateLimiter } from './lib/rate-limit.ts';
import { createRateLimitStore } from './adapters/rate-limit/index.ts';
import { serveEndpoint } from './lib/serve-endpoint.ts';
import { redactingLogger } from './lib/request-log.ts';
import { createTokens, type Tokens } from './lib/tokens.ts';
import { authPlugin } from './plugins/auth.ts';
import { connectionErrorHandler, errorsPlugin, routerErrors } from './plugins/errors.ts';
import { noStorePlugin } from './plugins/no-store.ts';
import { nulTextPlugin } from './plugins/nul-text.ts';
import { openapiOptions } from './plugins/openapi.ts';
import { routeTablePlugin } from './plugins/route-table.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { spaPlugin } from './plugins/spa.ts';
import { compiledSerializer } from './plugins/serializer.ts';
import { analyticsRoutes } from './modules/analytics/index.ts';
import { checkoutRoutes, createStockMemo, sendQueuedConfirmations, type StockMemo } from './modules/checkout/index.ts';
import { mintPending, applyQueued } from './modules/chain-sync/index.ts';
import { createBackgroundPass } from './lib/background-pass.ts';
import { eventExtrasRoutes, eventsRoutes } from './modules/events/index.ts';
import { ticketLifeRoutes } from './modules/ticket-life/index.ts';
import { ticketsRoutes } from './modules/tickets/index.ts';
import { filesRoutes } from './modules/files/index.ts';
import { devRoutes, devSeedRoutes } from './modules/dev/index.ts';
import { googleRoutes, identityRoutes } from './modules/identity/index.ts';
import { membersRoutes } from './modules/members/index.ts';
import { paymentsRoutes, partnersRoutes } from './modules/partners/index.ts';
import { promoCodesRoutes } from './modules/promo-codes/index.ts';
import { seatMapsRoutes } from './modules/seat-maps/index.ts';
import { seatingRoutes } from './modules/seating/index.ts';
import { usersRoutes } from './modules/users/index.ts';
import { widgetCorsPlugin, widgetPages, widgetRoutes } from './modules/widget/index.ts';
import { fansRoutes } from './modules/fans/index.ts';
import { ordersRoutes } from './modules/orders/index.ts';
import { refundsRoutes } from './modules/refunds/index.ts';
import { createMessenger, type Messenger } from './adapters/messages/index.ts';
import { createTicketPasses, type TicketPasses } from './modules/ticket-passes/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    tokens: Tokens;
    storage: Storage;
    mailer: Mailer;
    messenger: Messenger;
    payments: Payments;
    chain: Chain;
    /** Signs the passes tickets carry as QR codes and reads scanned ones back. */
    ticketPasses: TicketPasses;
    /** Mints the tickets not yet on the chain, then applies their queued changes; resolves when none is left. */
    mint: () => Promise<unknown>;
    /** Sends the queued confirmation mails that are due; resolves when none is left. */
    sendQueuedMail: () => Promise<unknown>;
    /** After a sale's commit: its tickets are minted and its mail sent shortly, in the background. */
    afterSale: () => void;
    /** What the checkout last saw of the stock; while buyers queue to look at it, minting and mail give way. */
    stock: StockMemo;
    /** After a transfer, a resale or a refund commits: the chain follows shortly, in the background. */
    afterTicketChange: () => void;
    limiter: RateLimiter;
  }
}

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
};

/**
 * The connection queue a listening server asks the kernel for. A rush opens a thousand connections at
 * once; past Node's default of 511 the kernel drops them, and each dropped buyer waits 1 – 3 s for
 * TCP to try again (the kernel caps it at `net.core.somaxconn`).
 */
export const LISTEN_BACKLOG = 4096;

/** Builds the whole server without listening, so tests can inject requests. */
export async function buildApp({ config, database, logger = false }: BuildOptions) {
  const app = Fastify({
    logger: redactingLogger(logger),
    bodyLimit: 12 * 1024 * 1024,
    // Partners send logos as data URLs; ids in paths are short.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: routerErrors,
    clientErrorHandler: connectionErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializer(serializerCompiler));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('tokens', createTokens(config.tokenSecret));
  app.decorate('storage', createStorage(config, database.db));
  app.decorate(
    'mailer',
    createMailer(config, database.db, (line) => app.log.info(line)),
  );
  app.decorate(
    'messenger',
    createMessenger(database.db, (line) => app.log.info(line)),
  );
  app.decorate('payments', createPayments(config));
  app.decorate('chain', createChain(database.db, config.chain));
  app.decorate('ticketPasses', createTicketPasses(database.db, config.tokenSecret));
  const onPassError = (what: string) => (err: unknown) => app.log.warn({ err }, `${what} failed`);
  app.decorate('stock', createStockMemo());
  // A rush: buyers queue to look at the stock. A steady trickle of sales, even one whose card
  // payments take seconds, never queues there, and never holds its mail back.
  const busy = () => app.stock.crowded;
  // A chain that is down fails the pass: it tries again, waiting longer each time, and nothing is lost.
  const minting = createBackgroundPass(
    async () => (await mintPending(database.db, app.chain)) + (await applyQueued(database.db, app.chain)),
    { busy, onError: onPassError('putting tickets on the chain') },
  );
  const mailing = createBackgroundPass(() => sendQueuedConfirmations(database.db, app.mailer, app.ticketPasses), {
    busy,
    onError: onPassError('sending queued mail'),
  });
  app.decorate('mint', minting.now);
  app.decorate('sendQueuedMail', mailing.now);
  app.decorate('afterSale', () => {
    minting.soon();
    mailing.soon();
  });
  app.decorate('afterTicketChange', minting.soon);
  app.addHook('onClose', () => {
    minting.stop();
    mailing.stop();
  });
  const rateLimitStore = createRateLimitStore(config);
  app.decorate(
    'limiter',
    createRateLimiter(rateLimitStore, { onStoreError: (err) => app.log.error({ err }, 'rate limits unavailable') }),
  );
  app.addHook('onClose', () => rateLimitStore.close());
  app.addHook('onClose', () => app.mailer.close());

  await app.register(errorsPlugin);
  await app.register(nulTextPlugin);
  // API answers (the event list is 130 KB, 9 KB gzipped) compressed as the client asks, at levels that
  // cost little CPU. Answers under 8 KB are sent as they are: they fit the first flight of a new TCP
  // connection's window (ten segments) either way, so compressing them saves the reader no round trip
  // while a compressor per answer cost the list pages a tenth of their time. The SPA's files come
  // precompressed from the build, so other routes are left alone; request bodies are never inflated.
  // Answers held in memory up to 256 KB are compressed in one call: through a compression stream
  // (the plugin's default above 8 KB on two cores) the event analytics spent a third of their time
  // setting up the stream and writing its chunks; brotli at level 4 takes about 1 ms for the list's
  // 130 KB. Streams (the Bookings CSV) stay streams.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: compressFrom,
    syncThreshold: 256 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality } },
    zlibOptions: { level: gzipLevel },
    globalDecompression: false,
  });
  await app.register(securityHeadersPlugin);
  await app.register(noStorePlugin);
  await app.register(fastifySwagger, openapiOptions());
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(widgetCorsPlugin);
  await app.register(authPlugin);
  await app.register(routeTablePlugin);

  await app.register(
    async (api) => {
      await api.register(identityRoutes);
      await api.register(googleRoutes);
      await api.register(usersRoutes);
      await api.register(membersRoutes);
      await api.register(partnersRoutes);
      await api.register(paymentsRoutes);
      await api.register(eventsRoutes);
      await api.register(eventExtrasRoutes);
      await api.register(ticketsRoutes);
      await api.register(promoCodesRoutes);
      await api.register(seatMapsRoutes);
      await api.register(seatingRoutes);
      await api.register(checkoutRoutes);
      await api.register(ticketLifeRoutes);
      await api.register(fansRoutes);
      await api.register(ordersRoutes);
      await api.register(refundsRoutes);
      await api.register(analyticsRoutes);
      await api.register(filesRoutes);
      await api.register(widgetRoutes);
      if (config.devOutbox && app.mailer.kind === 'outbox') await api.register(devRoutes);
      if (config.env === 'test') await api.register(devSeedRoutes);
      serveEndpoint(api, healthEndpoint, () => ({ status: 'ok' as const, database: database.kind }));
    },
    { prefix: '/api' },
  );

  await app.register(widgetPages);
  await app.register(spaPlugin, { webDist: config.webDist });
  return app;
}
