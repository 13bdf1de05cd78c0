import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof healthSchema>;

/** Whether the server is up, and on which database: what a load balancer or a test runner waits for. */
export const healthEndpoint = endpoint({
  method: 'GET',
  path: '/health',
  summary: 'Check that the server is up',
  tags: [],
  access: 'public',
  response: healthSchema,
});
