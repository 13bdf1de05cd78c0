import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createStorage, type Storage } from './adapters/storage/index.ts';
import { createTokens, type Tokens } from './lib/tokens.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { eventsRoutes } from './modules/events/routes.ts';
import { filesRoutes } from './modules/files/routes.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { partnersRoutes } from './modules/partners/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    tokens: Tokens;
    storage: Storage;
  }
}

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
};

/** Builds the whole server without listening, so tests can inject requests. */
export async function buildApp({ config, database, logger = false }: BuildOptions) {
  const app = Fastify({
    logger,
    bodyLimit: 12 * 1024 * 1024,
    // Partners send logos as data URLs; ids in paths are short.
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('tokens', createTokens(config.tokenSecret));
  app.decorate('storage', createStorage(config));

  await app.register(errorsPlugin);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Partner portal API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      await api.register(identityRoutes);
      await api.register(usersRoutes);
      await api.register(partnersRoutes);
      await api.register(eventsRoutes);
      await api.register(filesRoutes);
      api.get('/health', { config: { access: 'public' } }, async () => ({
        success: true as const,
        data: { status: 'ok', database: database.kind },
      }));
    },
    { prefix: '/api' },
  );

  registerSpa(app, config.webDist);
  return app;
}

/** Serves the built SPA; unknown non-API paths fall back to index.html so client routes work on reload. */
function registerSpa(app: ReturnType<typeof Fastify>, webDist: string) {
  const hasSpa = existsSync(path.join(webDist, 'index.html'));
  if (hasSpa) {
    void app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h' });
    app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (_req, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (hasSpa && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({
      success: false,
      error: { code: 'not_found', message: `No route ${request.method} ${pathname}.` },
    });
  });
}
