// The discord module owns no tables: its settings live in the meta module's settings table
// (read and written through metaService), the linked accounts in auth's. Its view of the
// database has no table in it, so a query of its own on any module's table does not typecheck.

export type DiscordTables = Record<never, never>;
