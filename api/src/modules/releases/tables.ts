// Row types of the tables the releases module owns (migration 2026-11-22-1451).

export interface RemoteReleasesTable {
  remote_id: string;
  version: string;
  entry: string;
  /** JSON RouteTable, checked at registration. */
  route_table: string;
  contract_version: string;
  /** JSON Record<name, version> of the shared singletons. */
  shared_versions: string;
  published_by: string | null;
  published_by_name: string;
  published_at: number;
  /** Publish order within the remote: newest = highest. */
  sequence: number;
  status: string;
  activated_at: number | null;
  /** JSON CatalogCompleteness from the build's catalog-completeness.json; null when it had none. */
  catalogs: string | null;
}

export interface RemoteActiveTable {
  remote_id: string;
  version: string;
  activated_at: number;
  activated_by: string | null;
}

export interface RemoteCanariesTable {
  session_id: string;
  remote_id: string;
  version: string;
  expires_at: number;
}

export interface RemoteReleaseHealthTable {
  remote_id: string;
  version: string;
  loads: number;
  load_failures: number;
  render_errors: number;
  last_error: string | null;
  last_error_at: number | null;
}

export interface ReleasesTables {
  remote_releases: RemoteReleasesTable;
  remote_active: RemoteActiveTable;
  remote_canaries: RemoteCanariesTable;
  remote_release_health: RemoteReleaseHealthTable;
}
