import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DialectName } from './db/database';
import type { Database } from './db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: DialectName;
  }
}
