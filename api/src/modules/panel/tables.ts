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

export interface PanelTables {
  setup_tokens: SetupTokensTable;
  panel_alert_subscriptions: PanelAlertSubscriptionsTable;
  panel_alert_state: PanelAlertStateTable;
  panel_instances: PanelInstancesTable;
}
