import { z } from 'zod';
import { idParamsSchema, idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { idParams, int } from './fields.ts';
import { pageQuerySchema, pagedListSchema } from './paging.ts';

export const fanListQuerySchema = pageQuerySchema.extend({
  /** 'filter by fan': part of the full name, any case. */
  search: z.string().trim().max(200).default(''),
});
export type FanListQuery = z.output<typeof fanListQuerySchema>;

export const fanSchema = z.object({
  ID: int,
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
});
export type Fan = z.infer<typeof fanSchema>;
export const fanListSchema = pagedListSchema(fanSchema);
export type FanList = z.infer<typeof fanListSchema>;

export const fanParamsSchema = idParams('partnerId', 'fanId');

const primaryOrSecondary = z.enum(['Primary', 'Secondary']);
/** How an order line stands: primary_sold shows as completed, sale_canceled as cancelled, the rest refunded. */
export const orderStatusSchema = z.enum(['completed', 'cancelled', 'refunded']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
/** What a refunded order line got back (dollars, for all its tickets) and when the refund was made. */
export const orderRefundSchema = z.object({ amount: z.number(), date: z.string() });
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** What every row of a fan's history tells first: which event, when, and in which zone. */
const historyRowSchema = z.object({
  ID: int,
  Event: z.string(),
  EventDate: z.string(),
  /** The event's time zone: its dates and the row's moments are shown there, named. */
  TimeZone: z.string(),
});

export const purchaseRowSchema = historyRowSchema.extend({
  EndDate: z.string(),
  IsSlot: z.boolean(),
  TicketType: z.string(),
  PrimaryOrSecondary: primaryOrSecondary,
  Quantity: int,
  Price: z.number(),
  TransactionDate: z.string(),
  Status: orderStatusSchema,
  /** Set on a refunded line; null otherwise. */
  Refund: orderRefundSchema.nullable(),
});
export const attendanceRowSchema = historyRowSchema.extend({
  TicketType: z.string(),
  PrimaryOrSecondary: primaryOrSecondary,
  CheckedInAt: z.string(),
});
export const transferRowSchema = historyRowSchema.extend({
  /** The e-mails of the giver and the recipient: the fan's history lists the transfers they made and received. */
  TransferedFrom: z.string(),
  TransferedTo: z.string(),
  DateOfTransfer: z.string(),
  TicketType: z.string(),
  DateOfPurchase: z.string(),
});
export const ticketSoldRowSchema = historyRowSchema.extend({
  TicketType: z.string(),
  PrimaryOrSecondary: primaryOrSecondary,
  Price: z.number(),
  TransactionDate: z.string(),
});

export const fanDataSchema = z.object({
  /** The fan as the list shows them, with their billing address. */
  PersonalInformation: fanSchema.extend({
    street_address: z.string(),
    city: z.string(),
    postal_code: z.string(),
    country: z.string(),
  }),
  TicketHistory: z.object({
    Purchases: z.array(purchaseRowSchema),
    Attendance: z.array(attendanceRowSchema),
    Transfers: z.array(transferRowSchema),
    TicketsSolds: z.array(ticketSoldRowSchema),
  }),
});
export type FanData = z.infer<typeof fanDataSchema>;
export type PurchaseRow = z.infer<typeof purchaseRowSchema>;

export const fanNoteSchema = z.object({
  ID: int,
  note: z.string(),
  member_email: z.string(),
  CreatedAt: z.string(),
});
export type FanNote = z.infer<typeof fanNoteSchema>;

export const createFanNoteBodySchema = z.object({
  user_id: idSchema,
  partner_id: idSchema,
  /** The signed-in member writes the note; a different member id is refused. */
  member_id: idSchema.optional(),
  note: z.string().trim().min(1, 'Write a note first.').max(2000, 'A note has at most 2,000 characters.'),
});
export type CreateFanNoteBody = z.input<typeof createFanNoteBodySchema>;
export type CreateFanNote = z.output<typeof createFanNoteBodySchema>;

export const identityChannelSchema = z.enum(['email', 'sms']);
export type IdentityChannel = z.infer<typeof identityChannelSchema>;
export const confirmIdentityQuerySchema = z.object({ channel: identityChannelSchema });
/** Where the PIN went; the PIN itself stays with the fan, who reads it out to be checked. */
export const identityPinSentSchema = z.object({
  channel: identityChannelSchema,
  sent_to: z.string(),
  expires_at: z.string(),
});
export type IdentityPinSent = z.infer<typeof identityPinSentSchema>;
export const verifyIdentityBodySchema = z.object({
  pin: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The PIN has 6 digits.'),
});
export const identityConfirmedSchema = z.object({ confirmed: z.literal(true), confirmed_at: z.string() });
export type IdentityConfirmed = z.infer<typeof identityConfirmedSchema>;
/** The fan's id first, then the organization's, as the spec writes the path. */
export const identityParamsSchema = idParams('fanId', 'partnerId');

export const fanResetSentSchema = z.object({ sent: z.literal(true) });
export type FanResetSent = z.infer<typeof fanResetSentSchema>;
export const fanResetParamsSchema = idParams('id', 'fanId');

const access = { access: 'partner', permission: 'manage_fans', tags: ['fans'] } as const;

/** An organization's fans: the list, a fan's history and notes, confirming who a fan is. */
export const fanEndpoints = {
  list: endpoint({
    ...access,
    method: 'GET',
    path: '/partners/:id/fans',
    summary: 'List an organization’s fans',
    params: idParamsSchema,
    query: fanListQuerySchema,
    response: fanListSchema,
  }),
  history: endpoint({
    ...access,
    method: 'GET',
    path: '/analytics/fandata/:partnerId/:fanId',
    summary: 'Read a fan’s history with the organization',
    params: fanParamsSchema,
    response: fanDataSchema,
  }),
  notes: endpoint({
    ...access,
    method: 'GET',
    path: '/fan_notes/partners/:partnerId/:fanId',
    summary: 'List the notes on a fan',
    params: fanParamsSchema,
    response: z.array(fanNoteSchema),
  }),
  addNote: endpoint({
    ...access,
    method: 'POST',
    path: '/fan_notes',
    summary: 'Add a note on a fan',
    body: createFanNoteBodySchema,
    response: fanNoteSchema,
  }),
  requestPin: endpoint({
    ...access,
    method: 'GET',
    path: '/users/confirm_identity/:fanId/:partnerId',
    summary: 'Send a fan a PIN to confirm who they are',
    errors: [429, 503],
    params: identityParamsSchema,
    query: confirmIdentityQuerySchema,
    response: identityPinSentSchema,
  }),
  confirmPin: endpoint({
    ...access,
    method: 'POST',
    path: '/users/confirm_identity/:fanId/:partnerId',
    summary: 'Check the PIN a fan was sent',
    errors: [409, 429, 503],
    params: identityParamsSchema,
    body: verifyIdentityBodySchema,
    response: identityConfirmedSchema,
  }),
  resetPassword: endpoint({
    ...access,
    method: 'POST',
    path: '/partners/:id/fans/:fanId/reset-password',
    summary: 'Send a fan a password reset link',
    errors: [429, 503],
    params: fanResetParamsSchema,
    response: fanResetSentSchema,
  }),
};
