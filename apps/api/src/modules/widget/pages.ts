import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { idParamSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.ts';
import { notFound } from '../../lib/http-error.ts';
import { getWidget } from './settings.ts';
import { completeWidgetSignIn } from './sign-in.ts';
import { widgetSignInDeps } from './routes.ts';

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:48px 16px;color:#1f2937;text-align:center}
button{font:inherit;padding:10px 20px;border:0;border-radius:6px;background:#1b4965;color:#fff;cursor:pointer}</style>
</head><body>${body}</body></html>`;

/**
 * The widget frame's policy: nothing but what the widget loads. Its script and the API are ours;
 * styles are <style> elements it writes (the page's, the shadow root's, the @font-face rules);
 * event images and uploaded fonts are our files; a chosen web font comes from Google Fonts (the
 * stylesheet fetched, the files loaded). With Stripe, its script, card frames and API too.
 * `frame-ancestors` names the partner's saved site.
 */
export function framePolicy(ancestors: string, stripe: boolean) {
  const directives: [string, ...string[]][] = [
    ['default-src', "'none'"],
    ['script-src', "'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
    ['script-src-attr', "'none'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'", 'data:', 'https://fonts.gstatic.com'],
    ['connect-src', "'self'", 'https://fonts.googleapis.com', ...(stripe ? ['https://api.stripe.com'] : [])],
    ['frame-src', ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"])],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', ancestors],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** Pages the widget needs on our own origin: its script, its iframe variant, and the sign-in landing. */
export const widgetPages: FastifyPluginAsyncZod = async (app) => {
  // The form that ends the sign-in posts the code as a plain HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  // Each script is read and compressed once per build, in every mode: a rebuild (a new mtime) shows at once.
  const scripts = new Map<string, { mtimeMs: number; file: Promise<{ raw: Buffer; gzip: Buffer }> }>();
  const serveScript = (name: string, headers: Record<string, string>) =>
    app.get(`/widget/${name}`, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const where = path.join(app.config.widgetDist, name);
      const built = await stat(where).catch(() => null);
      if (!built) throw notFound('Widget build');
      let script = scripts.get(name);
      if (script?.mtimeMs !== built.mtimeMs) {
        script = { mtimeMs: built.mtimeMs, file: readFile(where).then((raw) => ({ raw, gzip: gzipSync(raw) })) };
        scripts.set(name, script);
      }
      const file = await script.file.catch(() => {
        scripts.delete(name);
        throw notFound('Widget build');
      });
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      if (gzip) reply.header('content-encoding', 'gzip');
      return reply
        .type('text/javascript; charset=utf-8')
        .headers(headers)
        .header('vary', 'accept-encoding')
        .header('cache-control', 'public, max-age=300')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(gzip ? file.gzip : file.raw);
    });
  serveScript('widget.js', {});
  // Imported as a module by widget.js on the partner's page: a cross-origin module needs CORS. It is
  // the same public code for every page and carries no credentials, so any origin may read it.
  serveScript('widget-seating.js', { 'access-control-allow-origin': '*' });

  app.get(
    '/widget/frame',
    { config: { access: 'public' }, schema: { hide: true, querystring: z.object({ partner: idParamSchema }) } },
    async (request, reply) => {
      const { website_url } = await getWidget(app.database.db, request.query.partner);
      // Which pages may frame the widget follows the partner's website address.
      const ancestors = ["'self'", website_url ? new URL(website_url).origin : ''].filter(Boolean).join(' ');
      const body = `<div id="partner-portal-widget"></div><script src="/widget/widget.js" data-partner="${request.query.partner}"></script>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', framePolicy(ancestors, app.payments.browser.provider === 'stripe'))
        .send(page('Tickets', body).replace('padding:48px 16px;', 'padding:0;').replace('text-align:center', ''));
    },
  );

  const signInHeaders = {
    // The address holds a sign-in code: no Referer, no cache, no framing.
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  };
  app.get(
    '/widget/sign-in',
    { config: { access: 'public' }, schema: { hide: true, querystring: z.object({ code: z.string().max(200) }) } },
    async (request, reply) => {
      // Opening the link does not use the code (mail scanners open links too): the button does.
      const form = `<h1>See your tickets</h1><form method="post" action="/widget/sign-in">
<input type="hidden" name="code" value="${escapeHtml(request.query.code)}"><button type="submit">Continue</button></form>`;
      return reply.headers(signInHeaders).type('text/html; charset=utf-8').send(page('See your tickets', form));
    },
  );
  app.post(
    '/widget/sign-in',
    { config: { access: 'public' }, schema: { hide: true, body: z.object({ code: z.string().max(200) }) } },
    async (request, reply) => {
      const back = await completeWidgetSignIn(widgetSignInDeps(app), request.ip, request.body.code);
      if (back) return reply.headers(signInHeaders).redirect(back, 303);
      const text = '<h1>This link has expired or was already used</h1><p>Ask for a new one on the tickets page.</p>';
      return reply.code(410).headers(signInHeaders).type('text/html; charset=utf-8').send(page('Link expired', text));
    },
  );
};
