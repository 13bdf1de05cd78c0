import { z } from 'zod';

export const userPartnerSchema = z.object({
  ID: z.number().int(),
  name: z.string(),
  image: z.string(),
});
export type UserPartner = z.infer<typeof userPartnerSchema>;

export const userSchema = z.object({
  ID: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  phone_number: z.string(),
  Partners: z.array(userPartnerSchema),
});
export type User = z.infer<typeof userSchema>;
