import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DialectName } from './db/database';
import type { Database } from './db/schema';
import type { Principal } from './lib/principal';

// The cross-cutting decorations every module may use. Domain data is reached
// through each module's own repository, never another module's tables.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: DialectName;
  }
  interface FastifyRequest {
    /** Null for anonymous requests. Filled by the auth module's authentication hook before any route runs. */
    auth: Principal | null;
  }
}
