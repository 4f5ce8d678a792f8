import { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import './fastify-types';
export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
}
/** Builds the whole application as a plugin tree; server.ts only starts it, tests inject into it. */
export declare function buildApp({ config, database }: AppDependencies): Promise<FastifyInstance>;
