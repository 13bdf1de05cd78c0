import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The portal's pages (the SPA and the API docs): scripts only from our origin. Styles may be inline
 * because Mantine writes its theme as <style> elements and style attributes, and the widget preview
 * styles its shadow root the same way. A chosen web font's stylesheet is fetched by the widget code
 * and its files come from the font service; uploaded fonts, logos and images are our own files.
 */
function portalPolicy(https: boolean): FastifyHelmetOptions {
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
const filesPolicy: FastifyHelmetOptions = {
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], sandbox: [] } },
};

/**
 * The widget's script and frame page are loaded by partners' sites. Each widget page sets its own
 * Content-Security-Policy, whose frame-ancestors names the partner's site (or nobody).
 */
const widgetPolicy: FastifyHelmetOptions = {
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  contentSecurityPolicy: false,
  xFrameOptions: false,
};

const routePolicies: [prefix: string, policy: FastifyHelmetOptions][] = [
  ['/api/files/', filesPolicy],
  ['/widget/', widgetPolicy],
];

/** Security headers on every answer: the portal's policy, and the few routes other sites embed. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  // Added before helmet's own onRoute hook, which reads the policy set here.
  app.addHook('onRoute', (route) => {
    const own = routePolicies.find(([prefix]) => route.url.startsWith(prefix));
    if (own) route.helmet = own[1];
  });
  await app.register(fastifyHelmet, portalPolicy(app.config.publicUrl.startsWith('https:')));
});
