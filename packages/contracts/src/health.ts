import { z } from 'zod';

export const HealthCheck = z.object({
  /** Whether the part answers. */
  ok: z.boolean(),
  /** What went wrong, or a note such as the broker's address. */
  detail: z.string().optional(),
});

export const HealthResponse = z.object({
  /** 'ok' when every check passes. */
  status: z.enum(['ok', 'unavailable']),
  /** One entry per part: database, broker. */
  checks: z.record(z.string(), HealthCheck),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
