import { z } from 'zod';

// Discord webhooks (issue 15): the panel sends what happens in the community to Discord
// channels. Every route lives under /api/panel/webhooks and needs webhooks.manage (the
// "any https URL" switch needs panel.settings). A webhook's URL holds its secret token: the
// API takes it whole and only ever answers it masked.

/** The community events a webhook can subscribe to, with the label the panel shows. */
export const WEBHOOK_EVENT_KINDS = {
  'ban.created': 'Ban created',
  'ban.lifted': 'Ban lifted',
  'appeal.opened': 'Appeal opened',
  'appeal.decided': 'Appeal decided',
  'report.filed': 'Report filed',
  'server.offline': 'Server offline',
  'server.online': 'Server back online',
  'instance.created': 'Instance created',
  announcement: 'Announcement',
} as const;
export type WebhookEventKind = keyof typeof WEBHOOK_EVENT_KINDS;
export const webhookEventKindSchema = z.enum(
  Object.keys(WEBHOOK_EVENT_KINDS) as [WebhookEventKind, ...WebhookEventKind[]],
);

export const WEBHOOK_NAME_MAX = 80;
export const WEBHOOK_URL_MAX = 500;
/** Webhooks one site may have. */
export const WEBHOOKS_MAX = 25;
/** A delivery is given up after this many attempts (429s included). */
export const WEBHOOK_MAX_ATTEMPTS = 8;

const nameSchema = z.string().trim().min(1, 'Give the webhook a name').max(WEBHOOK_NAME_MAX);
const kindsSchema = z
  .array(webhookEventKindSchema)
  .max(Object.keys(WEBHOOK_EVENT_KINDS).length)
  .refine((kinds) => new Set(kinds).size === kinds.length, 'An event kind is listed twice');
/** The shape only; which hosts are allowed is the API's check (it knows the site setting). */
const urlSchema = z.string().trim().min(1, 'Paste the webhook URL').max(WEBHOOK_URL_MAX);

/** POST /api/panel/webhooks. */
export const webhookCreateSchema = z
  .object({ name: nameSchema, url: urlSchema, enabled: z.boolean().default(true), kinds: kindsSchema })
  .strict();
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

/** PATCH /api/panel/webhooks/:id: absent fields stay; a url replaces the stored one. */
export const webhookUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    url: urlSchema.optional(),
    enabled: z.boolean().optional(),
    kinds: kindsSchema.optional(),
  })
  .strict();
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

export const webhookIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const webhookDeliveryParamsSchema = z.object({
  id: z.string().min(1).max(64),
  deliveryId: z.string().min(1).max(64),
});

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** A community event kind, or 'test' for the Send test button's message. */
  kind: z.string(),
  title: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** Milliseconds since the epoch of the next try (pending only). */
  nextAttemptAt: z.number().nullable(),
  /** The last HTTP status Discord answered, or null (none yet / no answer). */
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** Seconds since the epoch. */
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Host, webhook id and "…": the token never leaves the API. */
  maskedUrl: z.string(),
  enabled: z.boolean(),
  kinds: z.array(webhookEventKindSchema),
  /** Why the API switched it off (Discord says the webhook is gone), or null. */
  disabledReason: z.string().nullable(),
  pending: z.number().int(),
  failed: z.number().int(),
  lastDelivery: webhookDeliverySchema.nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** GET /api/panel/webhooks. */
export const webhooksListSchema = z.object({
  webhooks: z.array(webhookSchema),
  /** The site setting: any https URL may be a webhook, not only Discord's. */
  allowAnyHttps: z.boolean(),
});
export type WebhooksList = z.infer<typeof webhooksListSchema>;

/** GET /api/panel/webhooks/:id/deliveries: the newest first. */
export const webhookDeliveriesSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

/** PUT /api/panel/webhooks/settings (panel.settings). */
export const webhookSettingsSchema = z.object({ allowAnyHttps: z.boolean() }).strict();
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;
