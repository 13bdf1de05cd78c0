import {
  endpointPath,
  type ApiError,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  type Envelope,
  type ErrorEnvelope,
} from '@portal/contract';
import { clearSession, getSession } from './session.ts';

/** A failed call: the server's error envelope, or a network failure described the same way. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError,
  ) {
    super(error.message);
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Public calls send no token. */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

function apiUrl(path: string, query: RequestOptions['query']) {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url;
}

/** Calls the API under /api, unwraps the envelope, and applies the spec's 400/401 rule. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, signal } = options;
  const url = apiUrl(path, query);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = getSession().accessToken;
  if (auth && token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      signal: signal ?? null,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiRequestError(0, {
      code: 'internal_error',
      message: 'Could not reach the server. Check your connection.',
    });
  }

  const payload = (await response.json().catch(() => null)) as Envelope<T> | ErrorEnvelope | null;
  if (response.ok && payload?.success) return payload.data;

  const error: ApiError =
    payload && !payload.success
      ? payload.error
      : { code: 'internal_error', message: `Request failed (${response.status}).` };
  // Spec, access §4: any 400 or 401 clears the session and goes to /login; the error is still passed on.
  if (auth && (response.status === 400 || response.status === 401)) clearSession();
  throw new ApiRequestError(response.status, error);
}

/** What a call may add to an endpoint's input: a signal to cancel it, extra headers. */
type CallOptions = Pick<RequestOptions, 'signal' | 'headers'>;

/**
 * Calls an endpoint the contract defines: the path, method and whether to send the session come from
 * its definition, and the input and answer are typed by it.
 */
export function call<E extends Endpoint>(
  definition: E,
  ...[input, options]: unknown extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions]
): Promise<EndpointOutput<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number | boolean>;
    query?: RequestOptions['query'];
    body?: unknown;
  };
  return api<EndpointOutput<E>>(endpointPath(definition, params), {
    ...options,
    method: definition.method,
    query,
    body,
    auth: definition.access !== 'public',
  });
}

/**
 * Downloads a file the API streams (a CSV, say) with the session's token, and hands it to the browser
 * under the name the server gave it.
 */
export async function downloadFile(path: string, query: RequestOptions['query'], fallbackName: string) {
  const token = getSession().accessToken;
  const response = await fetch(apiUrl(path, query), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { error?: ApiError } | null;
    if (response.status === 400 || response.status === 401) clearSession();
    throw new ApiRequestError(
      response.status,
      payload?.error ?? { code: 'internal_error', message: `Download failed (${response.status}).` },
    );
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}
