import { envelope, type Endpoint, type EndpointOutput } from '@portal/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok } from './reply.ts';

type Read<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A request to an endpoint, with its params, query, body and headers as the endpoint's schemas read them. */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body' | 'headers'> & {
  params: Read<E['params']>;
  query: Read<E['query']>;
  body: Read<E['body']>;
  headers: FastifyRequest['headers'] & (E['headers'] extends z.ZodType ? z.output<E['headers']> : unknown);
};

/** Route options an endpoint does not define because only the server cares: a rate limit, a body limit. */
type ServerOptions = { config?: Omit<FastifyContextConfig, 'access' | 'permission'>; bodyLimit?: number };

/**
 * Registers the route of an endpoint the contract defines: its method, path, access, schemas and
 * documentation come from the definition, and the handler's answer is checked against the endpoint's
 * response type and wrapped in the success envelope here, once for every route.
 */
export function serveEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  handler: (
    request: EndpointRequest<E>,
    reply: FastifyReply,
  ) => Promise<EndpointOutput<E> | FastifyReply> | EndpointOutput<E> | FastifyReply,
  options: ServerOptions = {},
) {
  const { method, path, summary, tags, access, permission, params, query, headers, body, response, errors } =
    definition;
  app.route({
    method,
    url: path,
    config: { ...options.config, access, ...(permission ? { permission } : {}) },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      summary,
      ...(tags.length > 0 ? { tags: [...tags] } : {}),
      ...(params ? { params } : {}),
      ...(query ? { querystring: query } : {}),
      ...(headers ? { headers } : {}),
      ...(body ? { body } : {}),
      ...(errors ? { errors } : {}),
      response: { 200: envelope(response) },
    },
    // The type provider has already read params, query and body through these very schemas.
    handler: async (request, reply) => {
      const data = await handler(request as unknown as EndpointRequest<E>, reply);
      // A handler may send a kept answer itself (the event list, already serialised and compressed).
      return reply.sent ? reply : ok(data);
    },
  });
}
