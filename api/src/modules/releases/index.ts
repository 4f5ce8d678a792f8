import fastifyMultipart from '@fastify/multipart';
import type { RegistryEntry } from '@outpost/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ModuleDb } from '../../db/module-db';
import type { Principal } from '../../lib/principal';
import { principalHas } from '../../plugins/authorization';
import { MAX_RELEASE_FILES } from './release-files';
import { registerReleasesRoutes } from './releases-routes';
import { type ReleaseStore, readShellShared, servedRegistry } from './releases-service';
import type { ReleasesTables } from './tables';

export type { ReleasesTables } from './tables';

/** This module's view of the database: its own tables (the module's one cast; the same instance). */
const ownView = (app: { db: ModuleDb }) => app.db as Kysely<ReleasesTables>;

/**
 * The releases module (issue 14; the release registry of the remotes): immutable remote releases under remotes/<id>/<version>/,
 * the registry of which release each remote runs (compare-and-set activation, rollback),
 * per-session canaries and browsers' load reports. Registered once under /api.
 */
export const releasesModule: FastifyPluginAsync = async (app) => {
  const root = app.config.REMOTE_RELEASES_DIR;
  const store: ReleaseStore | null = root
    ? { root, keep: app.config.REMOTE_RELEASES_KEEP, shellShared: () => readShellShared(app.config.WEB_ROOT) }
    : null;
  // Multipart only inside this module: a build is many small files, each streamed to disk.
  await app.register(fastifyMultipart, {
    preservePath: true,
    limits: {
      files: MAX_RELEASE_FILES,
      fileSize: app.config.REMOTE_RELEASE_MAX_BYTES,
      fields: 10,
      fieldSize: 1000,
      parts: MAX_RELEASE_FILES + 10,
      headerPairs: 100,
    },
  });
  registerReleasesRoutes(app, ownView(app), store);
};

/**
 * The registry /remotes.json serves: the bootstrap list with active releases (and this
 * session's canaries, for staff holding remotes.publish) put in.
 */
function registryFor(app: { db: ModuleDb }) {
  const db = ownView(app);
  return (request: FastifyRequest, bootstrap: RegistryEntry[]) => {
    const auth = request.auth as Principal | null;
    const canarySession =
      auth?.via === 'session' && auth.sessionId && principalHas(auth, 'remotes.publish') ? auth.sessionId : null;
    return servedRegistry(db, bootstrap, canarySession);
  };
}

/** What other parts of the API may ask of the releases module. */
export const releasesService = { registryFor };
