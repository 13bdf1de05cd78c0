import { z } from 'zod';
import { colourSchema, idParamsSchema, uploadSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { idAndName, idParams, int } from './fields.ts';
import { messages } from './messages.ts';
import { stripeStatuses } from './stripe-status.ts';

export const partnerSchema = z.object({
  ...idAndName,
  image: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  tertiary_color: z.string(),
  secondary_royalty: z.number(),
  partner_secondary_default_royalty: z.number(),
  stripe_status: z.enum(stripeStatuses).or(z.literal('')),
  status: z.boolean(),
});
export type Partner = z.infer<typeof partnerSchema>;

/** Fractions on the wire (0.05 is 5 %); -1 means unset. The message speaks in percent, as the form does. */
export const royaltySchema = z
  .number({ error: messages.royaltyRange })
  .refine((v) => v === -1 || (v >= 0 && v <= 1), messages.royaltyRange);

/** PUT and PATCH /partners/{id}: any of these fields; an empty colour clears it. */
export const partnerUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Organization name is required').max(120),
    primary_color: colourSchema,
    secondary_color: colourSchema,
    tertiary_color: colourSchema,
    /** A data URL to upload, the current image URL to keep, or an empty string to remove the logo. */
    image: uploadSchema,
    secondary_royalty: royaltySchema,
    partner_secondary_default_royalty: royaltySchema,
    status: z.boolean(),
  })
  .partial();
export type PartnerUpdate = z.infer<typeof partnerUpdateSchema>;

export const tosSchema = z.object({ ID: int, file: z.string(), file_name: z.string() });
export type TermsDocument = z.infer<typeof tosSchema>;
export const tosQuerySchema = z.object({ file: z.enum(['true', 'false']).transform((v) => v === 'true') });
export const tosBodySchema = z.object({
  /** A data URL when uploaded (?file=true), an http(s) address when linked (?file=false). */
  file: uploadSchema.min(1, 'Choose a file or give a link'),
  file_name: z.string().trim().min(1, 'Give the document a name').max(200),
});
export const tosParamsSchema = idParams('id', 'docId');
export const deletedTermsSchema = z.object({ ID: int });
export type DeletedTerms = z.infer<typeof deletedTermsSchema>;

export const stripeLinkSchema = z.object({ AccountLink: z.object({ url: z.string() }) });
export type StripeLink = z.infer<typeof stripeLinkSchema>;

const tags = ['partners'];
const read = { access: 'partner', tags } as const;
/** Name, logo, colours, royalty, terms and payouts are the organization's settings: admins only. */
const admin = { access: 'admin', tags } as const;
/** PUT and PATCH change the profile alike; the portal uses PATCH for colours (spec, access §7). */
const change = {
  ...admin,
  path: '/partners/:id',
  summary: 'Change an organization’s profile',
  params: idParamsSchema,
  body: partnerUpdateSchema,
  response: partnerSchema,
} as const;

/** An organization's profile, its terms of service, and its payout set-up. */
export const partnerEndpoints = {
  get: endpoint({
    ...read,
    method: 'GET',
    path: '/partners/:id',
    summary: 'Read an organization’s profile',
    params: idParamsSchema,
    response: partnerSchema,
  }),
  update: endpoint({ ...change, method: 'PUT' }),
  patch: endpoint({ ...change, method: 'PATCH' }),
  terms: endpoint({
    ...read,
    method: 'GET',
    path: '/partners/:id/tos',
    summary: 'List an organization’s terms of service',
    params: idParamsSchema,
    response: z.array(tosSchema),
  }),
  addTerms: endpoint({
    ...admin,
    method: 'POST',
    path: '/partners/:id/tos',
    summary: 'Add a terms of service document',
    params: idParamsSchema,
    query: tosQuerySchema,
    body: tosBodySchema,
    response: tosSchema,
  }),
  deleteTerms: endpoint({
    ...admin,
    method: 'DELETE',
    path: '/partners/:id/tos/:docId',
    summary: 'Delete a terms of service document',
    params: tosParamsSchema,
    response: deletedTermsSchema,
  }),
  stripeLink: endpoint({
    ...admin,
    method: 'GET',
    path: '/partners/:id/stripe_link',
    summary: 'Get a link to set up payouts with Stripe',
    params: idParamsSchema,
    response: stripeLinkSchema,
  }),
};
