// Tables the panel module owns (composed into Database in db/schema.ts).

export interface PanelAlertSubscriptionsTable {
  user_id: string;
  /** 1: alert when a server goes offline or comes back. */
  server_status: number;
  /** 1: alert when a new instance is ready or failed. */
  instances: number;
  updated_at: number;
}

export interface PanelAlertStateTable {
  server_id: string;
  /** The state last alerted (or first seen): 1 online, 0 offline. */
  online: number;
  /** When that alert went out; 0 = never (first seen). */
  alerted_at: number;
}

export interface PanelInstancesTable {
  id: string;
  version: string;
  started_at: number;
  last_seen: number;
  open_streams: number;
  /** JSON of the poller's last sweep on this instance, or null. */
  poller: string | null;
}

export interface SetupTokensTable {
  token_hash: string;
  created_at: number;
}

export interface PanelWebhooksTable {
  id: string;
  name: string;
  /** The whole webhook URL, token included (it must be sent); never answered unmasked. */
  url: string;
  /** JSON array of community event kinds. */
  kinds: string;
  enabled: number;
  disabled_reason: string | null;
  /** Milliseconds since the epoch. */
  rate_limited_until: number;
  created_at: number;
  updated_at: number;
}

export interface PanelWebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  /** The community event's key ('test:<id>' for a test message); unique per webhook. */
  event_key: string;
  kind: string;
  title: string;
  /** The Discord message as JSON. */
  body: string;
  state: string;
  attempts: number;
  /** Milliseconds since the epoch. */
  next_attempt_at: number;
  claimed_by: string | null;
  /** Milliseconds since the epoch; a claim past it is free to take. */
  claim_until: number;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

export interface PanelTables {
  panel_webhooks: PanelWebhooksTable;
  panel_webhook_deliveries: PanelWebhookDeliveriesTable;
  setup_tokens: SetupTokensTable;
  panel_alert_subscriptions: PanelAlertSubscriptionsTable;
  panel_alert_state: PanelAlertStateTable;
  panel_instances: PanelInstancesTable;
}
