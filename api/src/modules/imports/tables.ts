// Row types of the tables the imports module owns. db/schema.ts composes them into Database;
// other modules reach these rows only through imports's door.

export interface ImportMappingsTable {
  source: string;
  kind: string;
  source_id: number;
  target_id: string | null;
  imported_at: number;
}

/** One importer run and its progress (import-job-record.ts). */
export interface ImportJobsTable {
  id: string;
  importer: string;
  source: string;
  phase: string;
  done: number;
  total: number;
  /** JSON: SummaryRow[]. */
  kinds: string;
  error: string | null;
  started_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface ImportsTables {
  import_mappings: ImportMappingsTable;
  import_jobs: ImportJobsTable;
}
