import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { int } from './fields.ts';
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

/** A password being chosen: long enough to resist guessing (NIST 800-63B asks for at least 8). */
export const newPasswordSchema = passwordSchema.pipe(z.string().min(8, 'Password must be at least 8 characters'));

/** A password chosen in a form, typed twice: the second must repeat the first. */
export const choosePasswordFormSchema = z
  .object({ password: newPasswordSchema, repeat: z.string() })
  .refine((v) => v.password === v.repeat, { path: ['repeat'], error: messages.passwordsDontMatch });

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
  user_id: int,
  uid: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /login/partner: the answer is the partner-scoped access token itself. */
export const loginPartnerBodySchema = z.object({ partner_id: int.positive().max(2_147_483_647) });
export type LoginPartnerBody = z.infer<typeof loginPartnerBodySchema>;
export const loginPartnerResponseSchema = z.string();

export const meSchema = z.object({
  user_id: int,
  uid: z.string(),
  email: z.string(),
  full_name: z.string(),
  partner_id: int.nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** POST /public/users/forgot and the sign-in link: the answer never says whether the e-mail exists. */
export const emailBodySchema = z.object({ email: emailSchema });
export const sentSchema = z.object({ sent: z.literal(true) });
export type Sent = z.infer<typeof sentSchema>;

export const signInLinkBodySchema = z.object({
  email: emailSchema,
  /** A path of the portal to continue to after signing in. */
  continuePath: z.string().max(2000).optional(),
});

export const oobCodeSchema = z.string().min(1).max(200);
export const oobCodeBodySchema = z.object({ oobCode: oobCodeSchema });
export const resetCodeInfoSchema = z.object({ email: z.string() });
export type ResetCodeInfo = z.infer<typeof resetCodeInfoSchema>;
export const confirmResetBodySchema = z.object({ oobCode: oobCodeSchema, password: newPasswordSchema });
export const resetDoneSchema = z.object({ reset: z.literal(true) });
export type ResetDone = z.infer<typeof resetDoneSchema>;
export const setPasswordBodySchema = z.object({ password: newPasswordSchema });

export const providersSchema = z.object({ google: z.boolean() });
export type Providers = z.infer<typeof providersSchema>;

/** PUT /users/{user_id} on the invite page: the invitee's account becomes active. */
export const updateUserBodySchema = z.object({
  status: z.literal(true, { error: 'status can only be set to true' }),
  firebase_id: z.string().min(1).max(100),
});

/** POST /identity/logout: every session of the sign-in has ended. */
export const loggedOutSchema = z.object({ logged_out: z.literal(true) });
export type LoggedOut = z.infer<typeof loggedOutSchema>;

const tags = ['identity'];
const pub = { access: 'public', tags } as const;
const user = { access: 'user', tags } as const;
/** Rate limited, and served by the identity or mail service, which may be down for a moment. */
const limited = [429, 503] as const;

/** Signing in and out: passwords, e-mailed links, reset links, and the tokens they lead to. */
export const identityEndpoints = {
  signIn: endpoint({
    ...pub,
    method: 'POST',
    path: '/identity/sign-in',
    summary: 'Sign in with an e-mail address and password',
    errors: [401, ...limited],
    body: signInBodySchema,
    response: idTokenSchema,
  }),
  login: endpoint({
    ...pub,
    method: 'POST',
    path: '/login',
    summary: 'Exchange an identity token for an access token',
    errors: [401],
    body: loginBodySchema,
    response: loginResponseSchema,
  }),
  loginPartner: endpoint({
    ...user,
    method: 'POST',
    path: '/login/partner',
    summary: 'Open a session for one organization',
    errors: [404],
    body: loginPartnerBodySchema,
    response: loginPartnerResponseSchema,
  }),
  me: endpoint({
    ...user,
    method: 'GET',
    path: '/partner/v1/auth/me',
    summary: 'Read who the token belongs to',
    response: meSchema,
  }),
  logout: endpoint({
    ...user,
    method: 'POST',
    path: '/identity/logout',
    summary: 'Sign out of every session of this sign-in',
    response: loggedOutSchema,
  }),
  forgotPassword: endpoint({
    ...pub,
    method: 'POST',
    path: '/public/users/forgot',
    summary: 'Send a password reset link',
    errors: limited,
    body: emailBodySchema,
    response: sentSchema,
  }),
  resetCode: endpoint({
    ...pub,
    method: 'POST',
    path: '/identity/reset-code',
    summary: 'Check a password reset link',
    errors: limited,
    body: oobCodeBodySchema,
    response: resetCodeInfoSchema,
  }),
  resetPassword: endpoint({
    ...pub,
    method: 'POST',
    path: '/identity/reset-password',
    summary: 'Choose a new password with a reset link',
    errors: limited,
    body: confirmResetBodySchema,
    response: resetDoneSchema,
  }),
  signInLink: endpoint({
    ...pub,
    method: 'POST',
    path: '/identity/sign-in-link',
    summary: 'Send a sign-in link by e-mail',
    errors: limited,
    body: signInLinkBodySchema,
    response: sentSchema,
  }),
  signInWithCode: endpoint({
    ...pub,
    method: 'POST',
    path: '/identity/sign-in-with-code',
    summary: 'Sign in with an e-mailed link',
    errors: limited,
    body: oobCodeBodySchema,
    response: idTokenSchema,
  }),
  setPassword: endpoint({
    ...user,
    method: 'POST',
    path: '/identity/password',
    summary: 'Choose a password after signing in by link',
    body: setPasswordBodySchema,
    response: resetDoneSchema,
  }),
  providers: endpoint({
    ...pub,
    method: 'GET',
    path: '/identity/providers',
    summary: 'List the sign-in providers this server offers',
    response: providersSchema,
  }),
};
