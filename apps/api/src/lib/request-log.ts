import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Query parameters that carry a secret: e-mailed codes (`oobCode` in /usermgmt and /reset-password,
 * `code` in the widget's sign-in link and the Google callback, with its `state`), tokens and PINs.
 * Compared without case.
 */
const SECRET_PARAMS = new Set([
  'code',
  'oobcode',
  'state',
  'token',
  'pin',
  'access_token',
  'id_token',
  'firebase_id',
  'password',
]);

const nameOf = (pair: string) => {
  const raw = pair.split('=', 1)[0]!.replaceAll('+', ' ');
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
};

/** The address as logged: every secret query parameter's value replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => (SECRET_PARAMS.has(nameOf(pair)) ? `${pair.split('=', 1)[0]}=[redacted]` : pair))
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's own request serializer, with the address redacted. */
const req = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  version: [request.headers?.['accept-version']].flat()[0],
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Logger options whose request lines never carry a code, token or PIN from the address. */
export function redactingLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req } };
}
