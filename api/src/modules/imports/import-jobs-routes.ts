import { type ImportJobList, importJobListSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../db/module-db';
import { errorResponses } from '../../lib/error-responses';
import { requirePermission } from '../../plugins/authorization';
import { listJobRecords } from './import-job-record';
import type { ImportsTables } from './tables';

const errors = errorResponses(401, 403);

/**
 * The import runs and their progress, newest first (the panel's "Imports" page polls it while a
 * run is going). Site administration: panel.settings, as for the settings an import moves in.
 */
export const importJobsRoutes: FastifyPluginAsyncZod<OwnDb<ImportsTables>> = async (app, { db }) => {
  app.get(
    '/panel/imports',
    {
      preHandler: requirePermission('panel.settings'),
      schema: { tags: ['panel'], response: { 200: importJobListSchema, ...errors } },
    },
    async (): Promise<ImportJobList> => ({ jobs: await listJobRecords(db) }),
  );
};
