import { widgetEndpoints as endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serveEndpoint } from '../../lib/serve-endpoint.ts';
import { assertPartner } from '../../plugins/auth.ts';
import { publicWidget } from './public.ts';
import { addFont, getWidget, updateWidget } from './settings.ts';
import { sendWidgetSignInLink, type WidgetSignInDeps } from './sign-in.ts';

export const widgetSignInDeps = (app: FastifyInstance): WidgetSignInDeps => ({
  db: app.database.db,
  mailer: app.mailer,
  limiter: app.limiter,
  tokens: app.tokens,
  publicUrl: app.config.publicUrl,
  ttlMinutes: app.config.accessTokenTtlMinutes,
});

/**
 * The widget's settings in the portal, and the calls the widget makes on a partner's site. Its holder
 * calls are the fan's own, limited to this partner (ticket-life's holder-routes.ts).
 */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  serveEndpoint(app, endpoints.get, async (request) => {
    assertPartner(request, request.params.id);
    return getWidget(db(), request.params.id);
  });
  for (const change of [endpoints.replace, endpoints.update]) {
    serveEndpoint(app, change, async (request) => {
      assertPartner(request, request.params.id);
      return updateWidget(db(), request.params.id, request.body);
    });
  }
  serveEndpoint(
    app,
    endpoints.uploadFont,
    async (request) => {
      assertPartner(request, request.params.id);
      return addFont(db(), app.storage, request.params.id, request.body);
    },
    // A 2 MB font grows by a third as base64.
    { bodyLimit: 3 * 1024 * 1024 + 4096 },
  );
  serveEndpoint(app, endpoints.public, async (request) =>
    publicWidget(db(), request.params.id, app.config.publicUrl, app.payments.browser),
  );
  serveEndpoint(app, endpoints.signInLink, async (request) =>
    sendWidgetSignInLink(
      widgetSignInDeps(app),
      request.ip,
      request.params.id,
      request.body.email,
      request.body.return_url,
    ),
  );
};
