import type { z } from 'zod';
import { ApiRequestError } from './http.ts';

type FormErrors = Record<string, string>;

/**
 * Validation for Mantine's `useForm` from a contract schema: under each field, the first thing the
 * schema finds wrong with it, in the contract's words. The server reads the same schema, so a form
 * and the API can never disagree on what is valid.
 */
export function validateWith<Values>(schema: z.ZodType) {
  return (values: Values): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
    return errors;
  };
}

/** The fields a refused request named (a 422's `error.fields`, or a 409's), each with its message. */
export const serverFieldErrors = (error: unknown): FormErrors =>
  error instanceof ApiRequestError ? (error.error.fields ?? {}) : {};

/**
 * Shows the fields a refused request named under the form's own fields, where the person looks, and
 * answers whether it named any; a form shows its general error only when it did not.
 */
export function showServerFieldErrors(form: { setErrors: (errors: FormErrors) => void }, error: unknown): boolean {
  const fields = serverFieldErrors(error);
  if (Object.keys(fields).length === 0) return false;
  form.setErrors(fields);
  return true;
}
