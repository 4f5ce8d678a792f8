import { type PanelHealth, panelHealthSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { OwnDb } from '../../../db/module-db';
import { nowSeconds } from '../../../lib/clock';
import { errorResponses } from '../../../lib/error-responses';
import { requirePermission } from '../../../plugins/authorization';
import { metaService } from '../../meta';
import type { PanelTables } from '../tables';
import { type InstanceHeartbeat, listInstances } from './instance-heartbeat';

const errors = errorResponses(401, 403);

/** The panel's health page: database, and every running instance's version, uptime, streams and poller. */
export const panelHealthRoutes: FastifyPluginAsyncZod<OwnDb<PanelTables> & { heartbeat: InstanceHeartbeat }> = async (
  app,
  { db, heartbeat },
) => {
  app.get(
    '/panel/health',
    {
      preHandler: requirePermission('panel.view'),
      schema: { tags: ['panel'], response: { 200: panelHealthSchema, ...errors } },
    },
    async (): Promise<PanelHealth> => {
      const started = performance.now();
      let reachable = true;
      try {
        await sql`select 1`.execute(db);
      } catch {
        reachable = false;
      }
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      const now = nowSeconds();
      // This instance is always listed live; the others from their heartbeats.
      const self = heartbeat.row();
      const others = reachable ? (await listInstances(db)).filter((row) => row.id !== heartbeat.id) : [];
      const instances = [
        {
          id: self.id,
          version: self.version,
          startedAt: self.started_at,
          lastSeen: now,
          openStreams: self.open_streams,
          poller: heartbeat.poller,
        },
        ...others,
      ].map((instance) => ({ ...instance, uptimeSeconds: Math.max(0, now - instance.startedAt) }));
      const backup = reachable ? await metaService.lastBackup.read(db) : null;
      return {
        database: { kind: app.dialect, reachable, latencyMs },
        instances,
        thisInstance: heartbeat.id,
        lastBackup: backup && { at: backup.at, kind: backup.kind, bytes: backup.bytes, seconds: backup.seconds },
      };
    },
  );
};
