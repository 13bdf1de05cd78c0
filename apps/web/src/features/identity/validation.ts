import { messages } from '@portal/contract';

/** The spec's password messages, for Mantine's useForm. */
export const validatePassword = (value: string) => (value ? null : messages.passwordRequired);

export const validateNewPassword = (value: string) =>
  !value ? messages.passwordRequired : value.length < 8 ? 'Password must be at least 8 characters' : null;

export const validateRepeat = (value: string, values: { password: string }) =>
  value === values.password ? null : messages.passwordsDontMatch;
