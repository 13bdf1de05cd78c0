import { choosePasswordFormSchema, messages, signInBodySchema } from '@portal/contract';
import { expect, test, vi } from 'vitest';
import { showServerFieldErrors, validateWith } from './form-schema.ts';
import { ApiRequestError } from './http.ts';

test('a form reads the contract’s own messages under its fields, the first per field', () => {
  const validate = validateWith(signInBodySchema);
  expect(validate({ email: '', password: '' })).toEqual({
    email: messages.emailRequired,
    password: messages.passwordRequired,
  });
  expect(validate({ email: 'not an address', password: 'x' })).toEqual({ email: messages.invalidEmail });
  expect(validate({ email: 'ava@example.com', password: 'x' })).toEqual({});
  expect(validateWith(choosePasswordFormSchema)({ password: 'long enough', repeat: 'other' })).toEqual({
    repeat: messages.passwordsDontMatch,
  });
});

test('the fields a refused request names go under the form’s fields; other failures do not', () => {
  const form = { setErrors: vi.fn() };
  const refused = new ApiRequestError(422, {
    code: 'validation_failed',
    message: 'Check the form.',
    fields: { password: 'This password is too common.' },
  });
  expect(showServerFieldErrors(form, refused)).toBe(true);
  expect(form.setErrors).toHaveBeenCalledWith({ password: 'This password is too common.' });
  expect(showServerFieldErrors(form, new ApiRequestError(0, { code: 'internal_error', message: 'Offline' }))).toBe(
    false,
  );
  expect(showServerFieldErrors(form, new Error('boom'))).toBe(false);
});
