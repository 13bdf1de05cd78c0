import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from './auth.ts';
import type { Permission } from '../modules/members/index.ts';

/** One API route as registered: what the security and bad-input suites walk, so a new route is covered. */
export type RouteEntry = {
  method: HTTPMethods;
  url: string;
  access: Access;
  permission?: Permission;
  schema?: FastifySchema;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api, in registration order (HEAD routes Fastify adds are left out). */
    routeTable: RouteEntry[];
  }
}

export const routeTablePlugin = fp(async (app: FastifyInstance) => {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    // A route that forgot to say who may call it is a mistake, not a public route.
    const access = route.config?.access;
    if (!access) throw new Error(`${route.method} ${route.url} declares no config.access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: route.url,
        access,
        ...(route.config?.permission ? { permission: route.config.permission } : {}),
        ...(route.schema ? { schema: route.schema } : {}),
      });
    }
  });
});
