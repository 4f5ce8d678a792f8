import { z } from 'zod';

/** Every failure the API sends: a stable machine code and a sentence for people. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
