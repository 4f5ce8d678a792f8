// The search module owns no tables: it reads players, bans, notes and servers through their
// owners' doors. Its view of the database has no table in it, so a query of its own on any
// module's table does not typecheck (issue 23).

export type SearchTables = Record<never, never>;
