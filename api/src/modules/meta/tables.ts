// Row types of the tables the meta module owns. db/schema.ts composes them into Database;
// other modules reach these rows only through meta's door.

export interface SettingsTable {
  key: string;
  value: string;
}

export interface MetaTables {
  settings: SettingsTable;
}
