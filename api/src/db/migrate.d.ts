import { type Kysely } from 'kysely';
/** Brings the schema up to date; throws with the failing migration's name. */
export declare function migrateToLatest(db: Kysely<any>): Promise<void>;
