// The imports module's door: bringing another panel's history into Outpost (issues 15 and 24:
// SourceBans++, AMXBans, CS2-SimpleAdmin, and CSV files). Imports run from the command line
// (api/src/cli/); its one route lists the runs and their progress for the panel. It owns
// import_mappings, which records what came from where, and import_jobs, the runs; the imported rows themselves are written through their owners' doors
// (servers, accounts, players-bans-notes). Every importer runs on one job model (import-job.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Door } from '../../db/module-db';
import { importAmxBans, openAmxBans } from './amxbans';
import { importCsv, readCsvSource } from './csv';
import { listJobRecords, startJobRecord } from './import-job-record';
import { importJobsRoutes } from './import-jobs-routes';
import { ImportSummary } from './import-summary';
import { ImportInputError, redactUrl } from './mysql-source';
import { importSimpleAdmin, openSimpleAdmin } from './simpleadmin';
import { importSourceBans, openSourceBans } from './sourcebans';
import type { ImportsTables } from './tables';

export type { ImportProgress } from './import-job';
export type { JobRecord } from './import-job-record';
export type { MysqlSource } from './mysql-source';
export type { SourceBansSource } from './sourcebans';
export { ImportInputError, ImportSummary };

const importsDoor = {
  /** Connects to a SourceBans++ database (mysql:// URL, table prefix). */
  openSourceBans,
  /** Imports what is new in it; answers the summary of what was imported and skipped. */
  importSourceBans,
  /** Connects to a CS2-SimpleAdmin database (css-bans and CSS-Panel read the same one). */
  openSimpleAdmin,
  importSimpleAdmin,
  /** Connects to an AMXBans database (GoldSrc; table prefix amx_). */
  openAmxBans,
  importAmxBans,
  /** Reads a CSV of bans and comm blocks (README: CSV format); its rows are keyed by the source name. */
  readCsvSource,
  importCsv,
  redactUrl,
  /** Records a run in import_jobs as it goes (the panel's progress bar); hand its progress to the importer. */
  startJobRecord,
  listJobRecords,
};

/**
 * What the command line (and the demo's seed) asks of the imports module. Callers hand over any view of the database
 * (the same instance, or a transaction); this door sees its own tables through it.
 */
export const importsService = importsDoor as unknown as Door<typeof importsDoor>;

export const importsModule: FastifyPluginAsyncZod = async (app) => {
  // This module's view of the database: its own tables (the module's one cast; the same instance).
  await app.register(importJobsRoutes, { db: app.db as Kysely<ImportsTables> });
};
