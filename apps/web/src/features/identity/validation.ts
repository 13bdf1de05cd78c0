import { messages } from '@portal/contract';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's form messages, for Mantine's useForm. */
export const validateEmail = (value: string) =>
  !value.trim() ? messages.emailRequired : EMAIL.test(value.trim()) ? null : messages.invalidEmail;

export const validatePassword = (value: string) => (value ? null : messages.passwordRequired);

export const validateNewPassword = (value: string) =>
  !value ? messages.passwordRequired : value.length < 8 ? 'Password must be at least 8 characters' : null;

export const validateRepeat = (value: string, values: { password: string }) =>
  value === values.password ? null : messages.passwordsDontMatch;
