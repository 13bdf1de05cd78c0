import type { ErrorCode } from '@portal/contract';

/**
 * An error the client is meant to see: its status, code and message reach the envelope as they are.
 * It is an answer, not a fault, so it carries no stack: nobody reads one, and capturing it was 8 % of
 * the server's samples in a sold-out rush (docs/benchmarks.md).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export const notFound = (what = 'Resource') => new HttpError(404, 'not_found', `${what} not found.`);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, 'forbidden', message);
export const unauthenticated = (message = 'Sign in to continue.') => new HttpError(401, 'unauthenticated', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new HttpError(409, 'conflict', message, fields);
export const invalid = (message: string, fields?: Record<string, string>) =>
  new HttpError(422, 'validation_failed', message, fields);
