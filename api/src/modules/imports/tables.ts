// Row types of the tables the imports module owns. db/schema.ts composes them into Database;
// other modules reach these rows only through imports's door.

export interface ImportMappingsTable {
  source: string;
  kind: string;
  source_id: number;
  target_id: string | null;
  imported_at: number;
}

export interface ImportsTables {
  import_mappings: ImportMappingsTable;
}
