import type { WebhookEventKind } from '@outpost/contracts';

/** Each event kind's words (the contracts' WEBHOOK_EVENT_KINDS are the English ones). */
export const KIND_KEYS = {
  'ban.created': 'panel.webhooks.kind.ban.created',
  'ban.lifted': 'panel.webhooks.kind.ban.lifted',
  'appeal.opened': 'panel.webhooks.kind.appeal.opened',
  'appeal.decided': 'panel.webhooks.kind.appeal.decided',
  'report.filed': 'panel.webhooks.kind.report.filed',
  'server.offline': 'panel.webhooks.kind.server.offline',
  'server.online': 'panel.webhooks.kind.server.online',
  'instance.created': 'panel.webhooks.kind.instance.created',
  announcement: 'panel.webhooks.kind.announcement',
} satisfies Record<WebhookEventKind, string>;
