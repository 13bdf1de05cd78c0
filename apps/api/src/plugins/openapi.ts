import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { errorEnvelopeSchema, idParamSchema, idSchema } from '@portal/contract';
import type { FastifySchema, HTTPMethods } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './auth.ts';

/** Each error status the API answers, and what it means on any route that gives it. */
const errorAnswers = {
  401: 'Not signed in, or the session has ended (`unauthenticated`).',
  402: 'The payment was declined (`payment_declined`); `error.fields.payment_method` says why.',
  403: 'Signed in, but this role or session may not do this (`forbidden`).',
  404: 'Something the request names does not exist, or belongs to another organization (`not_found`).',
  409: 'The request clashes with the current state, for example tickets sold meanwhile (`conflict`, or `in_progress` while the same request is still being answered).',
  413: 'The request body or a file in it is too large (`payload_too_large`).',
  414: 'A value in the address is too long (`validation_failed`).',
  415: 'The request body is not JSON (`unsupported_media_type`).',
  422: 'The request is not valid (`validation_failed`, with `error.fields` naming each field, or `invalid_json`).',
  429: 'Too many attempts; try again later (`rate_limited`).',
  431: 'The request headers are too large; clearing this site’s cookies may help (`payload_too_large`).',
  500: 'Something went wrong on the server (`internal_error`).',
  502: 'A service the answer depends on failed (`refund_failed` from the payment provider, or `internal_error` when the mail could not be sent).',
  503: 'The rate limits cannot be read for a moment; try again shortly (`unavailable`).',
} as const;
type ErrorStatus = keyof typeof errorAnswers;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Error answers this route gives beyond those its access and schemas already imply (see
     * `errorStatuses`): a conflict its handler throws, a rate limit, a declined payment.
     */
    errors?: readonly ErrorStatus[];
  }
}

const ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

/** Where the document's paths start: each route's path is written below it. */
const SERVER_URL = '/api';

/** A route's path in the document: under the server's, parameters in braces (`/events/{id}`). */
export const documentPath = (url: string) => url.replace(SERVER_URL, '').replace(/:(\w+)/g, '{$1}');

type Def = { shape?: Record<string, unknown>; element?: unknown; innerType?: unknown };

/** Whether the contract's id schema appears anywhere in a zod schema's values: an id names a row. */
function holdsAnId(schema: unknown): boolean {
  if (schema === idSchema || schema === idParamSchema) return true;
  const def = (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;
  if (def?.shape) return Object.values(def.shape).some(holdsAnId);
  return [def?.element, def?.innerType].some((inner) => inner !== undefined && holdsAnId(inner));
}

/**
 * The error statuses a route can answer, from what every request to it goes through: Node's HTTP
 * parser (431), the router (414 for an over-long path value), the auth hook (401, 403 when it is not
 * public), the body parser (413, 415 on any method that reads a body, GET aside), validation and the
 * NUL check, which any query string reaches (422), a lookup of an id from the path, query or body
 * (404), and the error handler (500); plus the route's own `errors`.
 */
function errorStatuses(route: { method: HTTPMethods; url: string; access: Access; schema?: FastifySchema }) {
  const { schema = {} } = route;
  const statuses = new Set<ErrorStatus>([422, 431, 500, ...(schema.errors ?? [])]);
  if (route.access !== 'public') statuses.add(401).add(403);
  if (route.url.includes(':')) statuses.add(404).add(414);
  if (route.method !== 'GET') statuses.add(413).add(415);
  if ([schema.querystring, schema.body].some(holdsAnId)) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

/** `getEventsByIdAndDayId` from `GET /api/events/:id/:dayId`: stable while the route is. */
function operationIdOf(method: string, url: string) {
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const segments = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const words = segments.map((segment, i) => {
    if (!segment.startsWith(':')) return segment.split(/[-_]/).map(capital).join('');
    return `${segments[i - 1]?.startsWith(':') ? 'And' : 'By'}${capital(segment.slice(1))}`;
  });
  return `${method.toLowerCase()}${words.join('')}`;
}

type Content = Record<string, { schema?: { type?: unknown; format?: string } }>;

/** A response in a media type that is neither JSON nor text (a PDF, an image) is bytes: a binary string. */
function asBytesWhereBinary(response: unknown) {
  const content = (response as { content?: Content } | undefined)?.content;
  if (!content) return response;
  const binary = Object.entries(content).map(([type, media]) =>
    /json|^text\//.test(type) || media.schema?.type !== 'string'
      ? [type, media]
      : [type, { ...media, schema: { ...media.schema, format: 'binary' } }],
  );
  return { ...(response as object), content: Object.fromEntries(binary) };
}

const errorResponse = (status: ErrorStatus) => ({
  description: errorAnswers[status],
  content: { 'application/json': { schema: { $ref: ENVELOPE_REF } } },
});

/**
 * Each route's operation as the route table has it: the zod schemas as JSON Schema, then its operation
 * id, who may call it (public routes say so with an empty `security`), and every error it can answer,
 * each in the error envelope. A response the route declares as `z.null()` (a redirect) has no body,
 * and one in a media type that is not text (a PDF) is bytes.
 */
const transform: SwaggerTransform = (document) => {
  const { route } = document;
  const { schema = {}, url } = jsonSchemaTransform(document);
  if (schema.hide) return { schema, url };
  const source: FastifySchema = document.schema ?? {};
  const method = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  if (method.length !== 1) throw new Error(`${url}: document one method per route, so each has its own operation`);
  const access = route.config?.access;
  if (!access) throw new Error(`${method[0]} ${url} declares no config.access`);
  const { errors: _extra, ...documented } = schema;
  const response: Record<string, unknown> = { ...(documented.response as object) };
  for (const [status, declared] of Object.entries(source.response ?? {})) {
    if (declared instanceof z.ZodNull) response[status] = { type: 'null', description: declared.description };
    else response[status] = asBytesWhereBinary(response[status]);
  }
  for (const status of errorStatuses({ method: method[0]!, url: route.url, access, schema: source })) {
    response[status] ??= errorResponse(status);
  }
  return {
    url,
    schema: {
      ...documented,
      operationId: documented.operationId ?? operationIdOf(method[0]!, route.url),
      security: access === 'public' ? [] : [{ bearer: [] }],
      response,
    },
  };
};

/** The OpenAPI document's options: the routes' own schemas are the rest of it. */
export function openapiOptions(): FastifyDynamicSwaggerOptions {
  const { $schema: _dialect, ...envelopeJson } = z.toJSONSchema(errorEnvelopeSchema, {
    target: 'openapi-3.0',
    io: 'output',
  });
  return {
    openapi: {
      info: {
        title: 'Partner portal API',
        version: '1.0.0',
        description:
          'JSON answers come in an envelope: `{ success: true, data }`, or on an error `{ success: false, error: { code, message, fields? } }`, where `message` is a sentence for a person.',
      },
      // Relative to where the document is read (/api/docs/json), so it is right on every host.
      servers: [{ url: SERVER_URL }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The `access_token` `POST /api/login` answers, or the token `POST /api/login/partner` answers for one organization.',
          },
        },
        schemas: { ErrorEnvelope: envelopeJson as Record<string, unknown> },
      },
    },
    transform,
  };
}
