import { messages } from '@portal/contract';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's e-mail messages, for Mantine's useForm, wherever an address is typed. */
export const validateEmail = (value: string) =>
  !value.trim() ? messages.emailRequired : EMAIL.test(value.trim()) ? null : messages.invalidEmail;
