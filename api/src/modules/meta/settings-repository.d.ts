import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
/** Site settings live as JSON values under string keys. */
export declare function readSetting<T>(db: Kysely<Database>, key: string, fallback: T): Promise<T>;
export declare function writeSetting(db: Kysely<Database>, key: string, value: unknown): Promise<void>;
