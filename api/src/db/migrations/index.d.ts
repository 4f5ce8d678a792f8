import type { Migration } from 'kysely';
/**
 * Every migration, by name. Names carry a sortable date prefix; Kysely runs them in
 * name order. Listed statically (not read from disk) so the API runs the same from
 * source, under tsx or bundled. Add new ones at the end.
 */
export declare const migrations: Record<string, Migration>;
