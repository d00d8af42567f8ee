// Shapes every endpoint shares.
import { z } from 'zod';

/** Every error is JSON {message}; validation errors add the failing fields (foundation issue). */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });
