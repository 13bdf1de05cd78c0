import { z } from 'zod';
import { int } from './fields.ts';

/** Machine-readable error codes; the message beside each is what people read. */
export const errorCodes = [
  'validation_failed',
  'invalid_json',
  'unsupported_media_type',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'payment_declined',
  'refund_failed',
  'rate_limited',
  /** A request with the same idempotency key is still being answered. */
  'in_progress',
  'internal_error',
  /** A service the answer depends on is down for a moment (503). */
  'unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: apiErrorSchema,
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** The message of an error envelope, read from any parsed body (a file's route answers JSON only when it fails). */
export function errorMessageOf(payload: unknown): string | undefined {
  const answer = payload as Partial<ErrorEnvelope> | null;
  return answer?.success === false ? answer.error?.message : undefined;
}

/** `{ success: true, data }` around any answer. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
export type Envelope<T> = { success: true; data: T };

/** A page of a list: pages start at 0. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: int });
}

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
