import { Kysely } from 'kysely';
import type { Database } from './schema';
export type DialectName = 'sqlite' | 'postgres';
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}
/** Opens the database named by a DATABASE_URL: `sqlite:<path>` or `postgres://...`. */
export declare function openDatabase(url: string): DatabaseHandle;
