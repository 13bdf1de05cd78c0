import { z } from 'zod';
import { int } from './fields.ts';

/** Paging shared by the fan list and the orders table: pages start at 0 (back-office §9). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** Lists count their matches up to this many; beyond it they say so rather than count on. */
export const countCap = 10_000;

/** One page of a long list, with how many rows match in all. */
export const pagedListSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    data: z.array(row),
    total: int,
    /** True when there are more than `countCap` matches and `total` is the cap. */
    total_capped: z.boolean(),
  });
