import { z } from 'zod';

export const stripeStatuses = ['enabled', 'pending', 'restricted soon', 'restricted', 'rejected', 'complete'] as const;
export type StripeStatus = (typeof stripeStatuses)[number];

export const partnerSchema = z.object({
  ID: z.number().int(),
  name: z.string(),
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
