import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
/** Who a request acts as, with the permissions that come from the user and their roles. */
export interface Principal {
  userId: string;
  sessionId: string | null;
  /** How the request proved who it is: a session cookie or an API key (bearer). */
  via: 'session' | 'apikey';
  permissions: {
    codes: string[];
    flags: string;
    immunityLevel: number;
  };
}
/** The union of a user's own and their roles' codes and flags; the highest immunity. */
export declare function loadPermissions(db: Kysely<Database>, userId: string): Promise<Principal['permissions'] | null>;
