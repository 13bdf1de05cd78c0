import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The portal's pages (the SPA and the API docs): scripts only from our origin. Styles may be inline
 * because Mantine writes its theme as <style> elements and style attributes, and the widget preview
 * styles its shadow root the same way. A chosen web font's stylesheet is fetched by the widget code
 * and its files come from the font service; uploaded fonts, logos and images are our own files.
 */
function portalPolicy(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:', 'https://fonts.gstatic.com'],
        'connect-src': ["'self'", 'https://fonts.googleapis.com'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    // Only a portal reached over HTTPS may tell browsers never to use plain HTTP again.
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600 } : false,
  };
}

/**
 * Uploaded files appear on partners' sites (event images in the widget, @font-face sources), so any
 * origin may load them; opened on their own they run nothing.
 */
const filesPolicy: HelmetOptions = {
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], sandbox: [] } },
};

/**
 * The widget's script and frame page are loaded by partners' sites. Each widget page sets its own
 * Content-Security-Policy, whose frame-ancestors names the partner's site (or nobody).
 */
const widgetPolicy: HelmetOptions = {
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  contentSecurityPolicy: false,
  xFrameOptions: false,
};

const routePolicies: [prefix: string, policy: HelmetOptions][] = [
  ['/api/files/', filesPolicy],
  ['/widget/', widgetPolicy],
];

/**
 * The headers helmet writes for a policy, worked out once: the policy never changes while the server
 * runs, and helmet rebuilds its middleware (parsing every directive) on each call.
 */
function headersOf(policy: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => {},
  };
  helmet(policy)({} as IncomingMessage, collect as unknown as ServerResponse, () => {});
  return headers;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The security headers of the route's policy (set for every route as it is added). */
    securityHeaders?: Record<string, string>;
  }
}

/** Security headers on every answer: the portal's policy, and the few routes other sites embed. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const portalOptions = portalPolicy(app.config.publicUrl.startsWith('https:'));
  const portal = headersOf(portalOptions);
  // A route's own policy changes the portal's where it says so, and keeps the rest (HTTPS only over HTTPS).
  const policies = routePolicies.map(
    ([prefix, policy]) => [prefix, headersOf({ ...portalOptions, ...policy } as HelmetOptions)] as const,
  );
  app.addHook('onRoute', (route) => {
    const own = policies.find(([prefix]) => route.url.startsWith(prefix));
    route.config = { ...route.config, securityHeaders: own?.[1] ?? portal };
  });
  // Every request passes here: a callback hook, not an async one, costs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    // Routes added outside this plugin's reach (the 404 handler) get the portal's.
    reply.headers(request.routeOptions.config.securityHeaders ?? portal);
    done();
  });
});
