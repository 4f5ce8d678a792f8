import { z } from 'zod';

export const noticeSchema = z.object({
  enabled: z.boolean(),
  /** Markdown; line breaks render as breaks. */
  text: z.string(),
  /** A style class for the notice box, e.g. 'is-info', 'is-warning'. */
  class: z.string(),
});

export const metaResponseSchema = z.object({
  settings: z.object({
    notice: noticeSchema,
    domain: z.string(),
  }),
  steamAvailable: z.boolean(),
  siteName: z.string(),
});
export type MetaResponse = z.infer<typeof metaResponseSchema>;
export type Notice = z.infer<typeof noticeSchema>;
