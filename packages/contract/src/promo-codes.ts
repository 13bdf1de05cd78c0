import { z } from 'zod';
import { idParamsSchema, idSchema, isoDateTime } from './common.ts';
import { endpoint } from './endpoint.ts';
import { idAndName, idParams, int } from './fields.ts';
import { isUnlimited } from './promo-code-end.ts';

export const couponTypes = ['flat', 'percentage'] as const;

export const promoTicketTypeSchema = z.object({
  ...idAndName,
  event_id: int,
  event_name: z.string(),
  /** -1 is unlimited. */
  quantity: int,
  used: int,
});

export const promoCodeSchema = z.object({
  ID: int,
  code: z.string(),
  /** Flat discount, in dollars. */
  discount: z.number(),
  /** Percentage discount, as a fraction. */
  percentage: z.number(),
  coupon_type: z.enum(couponTypes),
  start_date: z.string(),
  end_date: z.string(),
  draft: z.boolean(),
  active: z.boolean(),
  partner_id: int,
  created_at: z.string(),
  TicketTypes: z.array(promoTicketTypeSchema),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

const promoCodeFieldsSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'code name is required')
    .max(50)
    .regex(/^[\w-]+$/, 'letters, digits, - and _ only'),
  discount: z.number().min(0, 'A discount cannot be negative.').max(100_000),
  percentage: z.number().min(0, 'A discount cannot be negative.').max(1, 'A discount is at most 100 %.'),
  coupon_type: z.enum(couponTypes),
  start_date: isoDateTime,
  end_date: isoDateTime,
  draft: z.boolean(),
  active: z.boolean(),
  partner_id: idSchema,
});

const endsAfterStart = (p: { start_date?: string | undefined; end_date?: string | undefined }) =>
  !p.start_date || !p.end_date || isUnlimited(p.end_date) || new Date(p.start_date) < new Date(p.end_date);
const endMessage = { message: 'the promo must end after it starts', path: ['end_date'] };

export const promoCodeInputSchema = promoCodeFieldsSchema
  .extend({
    discount: promoCodeFieldsSchema.shape.discount.default(0),
    percentage: promoCodeFieldsSchema.shape.percentage.default(0),
    draft: promoCodeFieldsSchema.shape.draft.default(false),
    active: promoCodeFieldsSchema.shape.active.default(true),
  })
  .refine(endsAfterStart, endMessage);
export type PromoCodeInput = z.input<typeof promoCodeInputSchema>;

/** PUT promocodes/{id}: any of the fields, e.g. `active` alone (Activate, Disable) or draft false (Create). */
export const promoCodeUpdateSchema = promoCodeFieldsSchema
  .omit({ partner_id: true })
  .partial()
  .extend({ partner_id: idSchema.optional() })
  .refine(endsAfterStart, endMessage);
export type PromoCodeUpdate = z.input<typeof promoCodeUpdateSchema>;

export const promoCodesQuerySchema = idParams('partner_id');

/** The most ticket types one attach call takes; the wizard sends a whole season in several. */
export const attachBatchMax = 500;

export const attachBodySchema = z
  .array(
    z.object({
      id: idSchema,
      quantity: z
        .number()
        .int()
        .refine((q) => q === -1 || q >= 1, 'a quantity of at least 1, or -1 for unlimited'),
    }),
  )
  .min(1)
  .max(attachBatchMax);

export const detachParamsSchema = idParams('promoId', 'ticketTypeId');

const tags = ['promo-codes'];
const read = { access: 'partner', tags } as const;
const write = { access: 'partner', permission: 'manage_promo_codes', tags } as const;

/** The promo code endpoints: an organization's codes, and which ticket types each applies to. */
export const promoCodeEndpoints = {
  list: endpoint({
    ...read,
    method: 'GET',
    path: '/promocodes',
    summary: 'List an organization’s promo codes',
    query: promoCodesQuerySchema,
    response: z.array(promoCodeSchema),
  }),
  get: endpoint({
    ...read,
    method: 'GET',
    path: '/promocodes/:id',
    summary: 'Read a promo code',
    params: idParamsSchema,
    response: promoCodeSchema,
  }),
  create: endpoint({
    ...write,
    method: 'POST',
    path: '/promocodes',
    summary: 'Create a promo code',
    errors: [409],
    body: promoCodeInputSchema,
    response: promoCodeSchema,
  }),
  update: endpoint({
    ...write,
    method: 'PUT',
    path: '/promocodes/:id',
    summary: 'Change a promo code',
    errors: [409],
    params: idParamsSchema,
    body: promoCodeUpdateSchema,
    response: promoCodeSchema,
  }),
  attach: endpoint({
    ...write,
    method: 'POST',
    path: '/promocodes/:id/attach',
    summary: 'Make a promo code apply to ticket types',
    errors: [409],
    params: idParamsSchema,
    body: attachBodySchema,
    response: promoCodeSchema,
  }),
  detach: endpoint({
    ...write,
    method: 'DELETE',
    path: '/promocodes/detach/:promoId/:ticketTypeId',
    summary: 'Stop a promo code applying to a ticket type',
    params: detachParamsSchema,
    response: promoCodeSchema,
  }),
};
