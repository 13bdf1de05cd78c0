import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outbox } from '../../db/schema/index.ts';
import { seedDemoPartner } from '../../db/seed/demo.ts';
import { escapeHtml } from '../../lib/html.ts';
import { notFound } from '../../lib/http-error.ts';
import { ok } from '../../lib/reply.ts';

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The outbox, readable in a browser while no SMTP server is configured: only when DEV_OUTBOX=true
 * (off by default, refused at start unless the server listens on loopback), and only from this
 * machine, since it holds every reset link.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/outbox', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!LOOPBACK.has(request.ip)) throw notFound('Page');
    const mails = await app.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(100);
    const items = mails
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p><b>To:</b> ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('\n<hr>\n');
    return reply.type('text/html; charset=utf-8').send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f3f4f6;padding:1rem}</style></head>
<body><h1>Outbox</h1><p>Mail the portal would have sent. Set SMTP_URL to deliver it instead.</p>${items || '<p>No mail yet.</p>'}</body></html>`,
    );
  });
};

/**
 * Organisations of their own for the browser tests, which run side by side on one server: each a copy
 * of the demo's Harbour Lights Live with its own admin. Registered only when NODE_ENV is 'test' (the
 * browser tests' server and the API's tests), and answered only to this machine.
 */
export const devSeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/partners',
    {
      config: { access: 'public' },
      schema: { hide: true, body: z.object({ sales: z.boolean().default(false) }).strict() },
    },
    async (request) => {
      if (!LOOPBACK.has(request.ip)) throw notFound('Page');
      return ok(await seedDemoPartner(app.database.db, app.storage, { sales: request.body.sales }));
    },
  );
};
