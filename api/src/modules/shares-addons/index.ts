import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Door } from '../../db/module-db';
import { storageFromConfig } from '../../storage/storage-from-config';
import { registerAddonRoutes } from './addons-routes';
import { deleteAddon, storeAddon } from './addons-service';
import type { SharesContext } from './shares-context';
import { listShares } from './shares-repository';
import { registerShareRoutes } from './shares-routes';
import { createShare } from './shares-service';
import type { SharesAddonsTables } from './tables';
import { registerWorkshopRoutes, WorkshopJobRunner } from './workshop';

export type { SharesAddonsTables } from './tables';

/**
 * The shares-addons module (issue 12): addon shares, streaming uploads into the configured
 * storage (local folder or S3-compatible bucket), addon details read from the files, and
 * Steam Workshop download jobs. Registered once under /api.
 */
export const sharesAddonsModule: FastifyPluginAsync = async (app) => {
  const storage = storageFromConfig(app.config);
  // This module's view of the database: its own tables (the module's one cast; the same instance).
  const db = app.db as Kysely<SharesAddonsTables>;
  const jobs = new WorkshopJobRunner({ db, storage, config: app.config, log: app.log });
  const context: SharesContext = { db, storage, jobs };

  // Multipart only inside this module: one file part per request, streamed (never buffered).
  await app.register(fastifyMultipart, {
    // Keep the name as sent, so a name with folders is refused rather than quietly cut down.
    preservePath: true,
    limits: {
      files: 1,
      fileSize: app.config.ADDON_MAX_BYTES,
      fields: 10,
      fieldSize: 1000,
      parts: 20,
      headerPairs: 100,
    },
  });
  registerShareRoutes(app, context);
  registerAddonRoutes(app, context);
  registerWorkshopRoutes(app, context);

  app.addHook('onReady', async () => {
    const removed = await storage.cleanTemporaries();
    if (removed > 0) app.log.info(`Removed ${removed} orphan temporary file(s) from addon storage`);
    jobs.start();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
};

const sharesAddonsDoor = {
  listShares,
  createShare,
  storeAddon,
  deleteAddon,
};

/**
 * What other modules may ask of shares-addons. Callers hand over their own view of the database (the same instance, or
 * their transaction); this door sees its own tables through it.
 */
export const sharesAddonsService = sharesAddonsDoor as unknown as Door<typeof sharesAddonsDoor>;
