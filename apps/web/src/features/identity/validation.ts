import { messages } from '@portal/contract';
import { ApiRequestError } from '../../lib/http.ts';

/** The spec's password messages, for Mantine's useForm. */
export const validatePassword = (value: string) => (value ? null : messages.passwordRequired);

export const validateNewPassword = (value: string) =>
  !value ? messages.passwordRequired : value.length < 8 ? 'Password must be at least 8 characters' : null;

export const validateRepeat = (value: string, values: { password: string }) =>
  value === values.password ? null : messages.passwordsDontMatch;

/** The server's message for one field of a refused form (a 422's `fields`), to show under that field. */
export const serverFieldError = (error: unknown, field: string): string | undefined =>
  error instanceof ApiRequestError ? error.error.fields?.[field] : undefined;
