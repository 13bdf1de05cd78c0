import { z } from 'zod';
import { messages } from './messages.ts';

export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(200, 'Password is too long');

/** POST /identity/sign-in: e-mail and password, answers a short-lived ID token. */
export const signInBodySchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignInBody = z.input<typeof signInBodySchema>;
export const idTokenSchema = z.object({ id_token: z.string() });
export type IdToken = z.infer<typeof idTokenSchema>;

/** POST /login: exchanges the identity token for a user access token. */
export const loginBodySchema = z.object({ firebase_id: z.string().min(1).max(4096) });
export type LoginBody = z.infer<typeof loginBodySchema>;
export const loginResponseSchema = z.object({
  access_token: z.string(),
  user_id: z.number().int(),
  uid: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /login/partner: the answer is the partner-scoped access token itself. */
export const loginPartnerBodySchema = z.object({ partner_id: z.number().int().positive() });
export type LoginPartnerBody = z.infer<typeof loginPartnerBodySchema>;
export const loginPartnerResponseSchema = z.string();

export const meSchema = z.object({
  user_id: z.number().int(),
  uid: z.string(),
  email: z.string(),
  full_name: z.string(),
  partner_id: z.number().int().nullable(),
});
export type Me = z.infer<typeof meSchema>;
