import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  migrations: z.number().int(),
  uptimeSeconds: z.number().int(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
