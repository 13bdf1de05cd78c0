import { partnerEndpoints as endpoints } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/http-error.ts';
import { serveEndpoint, type EndpointRequest } from '../../lib/serve-endpoint.ts';
import { assertPartner } from '../../plugins/auth.ts';
import { onboardingUrl } from './payouts.ts';
import { getPartner, updatePartner } from './service.ts';
import { addTerms, deleteTerms, listTerms } from './terms.ts';

export const partnersRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db;

  serveEndpoint(app, endpoints.get, async (request) => {
    assertPartner(request, request.params.id);
    const partner = await getPartner(db(), request.params.id);
    if (!partner) throw notFound('Partner');
    return partner;
  });

  // PUT and PATCH change the profile alike.
  const change = async (request: EndpointRequest<typeof endpoints.update>) => {
    assertPartner(request, request.params.id);
    return updatePartner(db(), app.storage, request.params.id, request.body);
  };
  serveEndpoint(app, endpoints.update, change);
  serveEndpoint(app, endpoints.patch, (request) => change(request));

  serveEndpoint(app, endpoints.terms, async (request) => {
    assertPartner(request, request.params.id);
    return listTerms(db(), request.params.id);
  });

  serveEndpoint(
    app,
    endpoints.addTerms,
    async (request) => {
      assertPartner(request, request.params.id);
      const input = { uploaded: request.query.file, file: request.body.file, fileName: request.body.file_name };
      return addTerms(db(), app.storage, request.params.id, input);
    },
    // A 10 MB document grows by a third as base64.
    { bodyLimit: 15 * 1024 * 1024 },
  );

  serveEndpoint(app, endpoints.deleteTerms, async (request) => {
    assertPartner(request, request.params.id);
    return deleteTerms(db(), request.params.id, request.params.docId);
  });

  serveEndpoint(app, endpoints.stripeLink, async (request) => {
    assertPartner(request, request.params.id);
    const url = await onboardingUrl(db(), app.payments, request.params.id, `${app.config.publicUrl}/profile`);
    return { AccountLink: { url } };
  });
};
