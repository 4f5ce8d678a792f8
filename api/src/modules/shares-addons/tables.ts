// Row types of the tables the shares-addons module owns (migration 2026-11-22-1201).

export interface SharesTable {
  id: string;
  name: string;
  game: string;
  quota_bytes: number | null;
  created_at: number;
}

export interface ShareGroupsTable {
  share_id: string;
  group_id: string;
}

export interface AddonsTable {
  id: string;
  share_id: string;
  name: string;
  title: string | null;
  size: number;
  sha256: string;
  modified_at: number;
  source: string;
  workshop_id: string | null;
  /** JSON AddonDetails read from the file. */
  details: string;
  storage_key: string;
  created_by: string | null;
}

export interface WorkshopJobsTable {
  id: string;
  share_id: string;
  kind: string;
  workshop_id: string;
  title: string | null;
  state: string;
  /** JSON WorkshopJobItem[]. */
  items: string;
  error: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  runner: string | null;
  heartbeat_at: number | null;
}

export interface SharesAddonsTables {
  shares: SharesTable;
  share_groups: ShareGroupsTable;
  addons: AddonsTable;
  workshop_jobs: WorkshopJobsTable;
}
