import type { z } from 'zod';
import type { Envelope, ErrorEnvelope } from './envelope.ts';

/** Who may call an endpoint: anyone, a signed-in person, a member of an organization, or its admin. */
export type Access = 'public' | 'user' | 'partner' | 'admin';

/** Every permission a role can grant; an endpoint names the one it needs. */
export const permissionValues = [
  'manage_team',
  'manage_payouts',
  'manage_events',
  'manage_promo_codes',
  'view_analytics',
  'manage_fans',
  'refund_tickets',
  'check_in',
  'manage_widget',
] as const;
export type Permission = (typeof permissionValues)[number];

/** The error statuses an endpoint may give beyond those its access and schemas imply. */
export type EndpointErrorStatus = 401 | 402 | 403 | 404 | 409 | 413 | 414 | 415 | 422 | 429 | 431 | 500 | 502 | 503;

/**
 * One endpoint of the API, defined once: the server registers its route from it (the success
 * envelope added there), the portal, the widget and the tests call it through a client typed by it,
 * and the OpenAPI document describes it.
 */
export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under `/api`, parameters as `:name`. */
  path: `/${string}`;
  summary: string;
  tags: readonly string[];
  access: Access;
  permission?: Permission;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the endpoint reads (an idempotency key, say); a client sends them as call options. */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** What the success envelope's `data` holds. */
  response: z.ZodType;
  errors?: readonly EndpointErrorStatus[];
};

/** Defines an endpoint, keeping every literal of it in its type. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

type Scalar = string | number | boolean;
/** A path parameter as a client gives it: the value, before the server reads it from the path. */
type ParamsOf<S> = S extends z.ZodObject ? { params: { [K in keyof z.output<S>]: Scalar } } : unknown;
/** A query as a client gives it: a value the server reads from text may be given as a number or a flag. */
type QueryValues<Q> = { [K in keyof Q]: Q[K] extends string | undefined ? Scalar | Exclude<Q[K], string> : Q[K] };
type QueryOf<S> = S extends z.ZodObject ? { query: QueryValues<z.input<S>> } : unknown;
type BodyOf<S> = S extends z.ZodType ? { body: z.input<S> } : unknown;

/** What a client sends to an endpoint: its path parameters, query and body, each where it has one. */
export type EndpointInput<E extends Endpoint> = ParamsOf<E['params']> & QueryOf<E['query']> & BodyOf<E['body']>;
/** What an endpoint answers inside the success envelope. */
export type EndpointOutput<E extends Endpoint> = z.output<E['response']>;
/** What an endpoint answers on the wire: its output in the success envelope, or the error envelope. */
export type EndpointAnswer<E extends Endpoint> = Envelope<EndpointOutput<E>> | ErrorEnvelope;

/** The path of an endpoint with its parameters filled in: `/events/:id` with `{ id: 7 }` is `/events/7`. */
export function endpointPath(definition: Pick<Endpoint, 'path'>, params: Record<string, Scalar> = {}): string {
  return definition.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The path ${definition.path} needs ${name}.`);
    return encodeURIComponent(String(value));
  });
}
