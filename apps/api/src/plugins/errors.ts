import { STATUS_CODES } from 'node:http';
import type { ErrorEnvelope } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';

function send(reply: FastifyReply, status: number, error: ErrorEnvelope['error']) {
  return reply.code(status).send({ success: false, error } satisfies ErrorEnvelope);
}

/** How a client error the server itself detects is answered. */
type ClientErrorAnswer = { status: number; code: ErrorEnvelope['error']['code']; message: string };

/**
 * The client errors the server itself detects, mapped to our codes, whichever part detects them:
 * Fastify's body parser or router, or Node's HTTP parser before Fastify sees the request. 400 is never
 * answered (design §4).
 */
const clientErrors: Record<string, ClientErrorAnswer> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 422,
    code: 'invalid_json',
    message: 'The request body is empty but should be JSON.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 422, code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'This content type is not accepted here.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 422,
    code: 'invalid_json',
    message: 'The request body does not match its length.',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'The file is too large.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'validation_failed', message: 'A value in the address is too long.' },
  FST_ERR_BAD_URL: { status: 422, code: 'validation_failed', message: 'The address is not valid.' },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'payload_too_large',
    message: 'The request headers are too large. Clearing this site’s cookies may help.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'validation_failed', message: 'The request took too long to arrive.' },
};

const knownClientError = (code: string | undefined) =>
  code !== undefined && Object.hasOwn(clientErrors, code) ? clientErrors[code] : undefined;

/**
 * What Fastify's router answers on its own, before any route, hook or error handler runs: a path that
 * is not valid percent-encoding (it would answer 400), a path parameter over the length limit, or a
 * failing route constraint.
 */
export const routerErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (err, request, reply) => {
  // No hook runs for these answers, so the security headers plugin adds nothing: the ones JSON needs.
  reply.header('x-content-type-options', 'nosniff').type('application/json; charset=utf-8');
  const known = knownClientError(err.code);
  if (known) return send(reply, known.status, { code: known.code, message: known.message });
  request.log.error({ err }, 'the router failed');
  return send(reply, 500, { code: 'internal_error', message: 'Something went wrong on our side. Try again.' });
};

/** What Node's HTTP parser refuses and the table does not name, answered in the envelope (never 400). */
const notHttp = { status: 422, code: 'validation_failed', message: 'The request is not valid HTTP.' } as const;

/**
 * The server's `clientErrorHandler`: a request the HTTP parser refuses (an oversized header, a broken
 * request line, a timeout) is answered on the raw socket, which no hook or error handler reaches,
 * so it gets the envelope and the headers of a JSON answer here, then the connection is closed.
 */
export const connectionErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (err, socket) => {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = knownClientError(err.code) ?? notHttp;
  const body = JSON.stringify({ success: false, error: { code, message } } satisfies ErrorEnvelope);
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'x-content-type-options: nosniff',
        'cache-control: no-store',
        'connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(err);
};

/** Turns every thrown error into the envelope; never leaks a stack or an internal message. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return send(reply, err.statusCode, {
        code: err.code,
        message: err.message,
        ...(err.fields ? { fields: err.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (err.validationContext ?? 'body');
        fields[key] ??= issue.message ?? 'This value is not valid.';
      }
      // The first field's message alone: the contract's messages and zod's (made plain by the contract)
      // are sentences for a person; the field it belongs to is named in `fields`.
      const message = Object.values(fields)[0] ?? 'The request is not valid.';
      return send(reply, 422, { code: 'validation_failed', message, fields });
    }
    const known = knownClientError(err.code);
    if (known) return send(reply, known.status, { code: known.code, message: known.message });
    if (err instanceof SyntaxError && err.statusCode === 400) {
      return send(reply, 422, { code: 'invalid_json', message: 'The request body is not valid JSON.' });
    }
    if (err.statusCode === 429) {
      return send(reply, 429, { code: 'rate_limited', message: err.message || 'Too many requests. Try again later.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Any other client error from a plugin: keep its meaning, never 400.
      const mapped = status === 400 ? 422 : status;
      return send(reply, mapped, { code: mapped === 404 ? 'not_found' : 'validation_failed', message: err.message });
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, { code: 'internal_error', message: 'Something went wrong on our side. Try again.' });
  });
});
