import {
  activationRequestSchema,
  apiErrorSchema,
  beaconSchema,
  canaryRequestSchema,
  publishResponseSchema,
  remoteIdParamSchema,
  remoteReleaseSchema,
  remotesListResponseSchema,
} from '@outpost/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { nowSeconds } from '../../lib/clock';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { requirePermission } from '../../plugins/authorization';
import { requireStepUp } from '../../plugins/step-up';
import { accountsService } from '../accounts';
import { MAX_RELEASE_FILES, receiveBuild } from './release-files';
import { findRelease, recordHealth } from './releases-repository';
import {
  activateRelease,
  type ReleaseStore,
  readBootstrap,
  registerRelease,
  startCanary,
  stopCanary,
  summarizeRemotes,
} from './releases-service';
import type { ReleasesTables } from './tables';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 503);

const PUBLISH = 'remotes.publish';

export function registerReleasesRoutes(
  parent: FastifyInstance,
  db: Kysely<ReleasesTables>,
  store: ReleaseStore | null,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const storeOr503 = (): ReleaseStore => {
    if (!store) throw new HttpError(503, 'RELEASES_OFF', 'This server stores no remote releases (no web root)');
    return store;
  };
  const actor = async (request: FastifyRequest) => {
    const who = await accountsService.actorOf(db, request);
    return { id: who.id, name: who.name ?? who.id ?? 'unknown' };
  };

  app.get(
    '/remotes',
    {
      preHandler: requirePermission(PUBLISH),
      schema: { tags: ['remotes'], response: { 200: remotesListResponseSchema, ...errors } },
    },
    async (request) => {
      const bootstrap = await readBootstrap(app.config.REMOTES_REGISTRY);
      const sessionId = (request.auth as Principal).sessionId;
      return {
        remotes: await summarizeRemotes(
          db,
          bootstrap.map((entry) => entry.name.replaceAll('_', '-')),
          sessionId,
        ),
        keepReleases: app.config.REMOTE_RELEASES_KEEP,
      };
    },
  );

  app.post(
    '/remotes/:remoteId/releases',
    {
      preHandler: [requirePermission(PUBLISH), requireStepUp],
      schema: {
        tags: ['remotes'],
        description: `multipart/form-data: the remote's build, one "files" part per file (its name the path in dist/, at most ${MAX_RELEASE_FILES})`,
        params: remoteIdParamSchema,
        consumes: ['multipart/form-data'],
        response: { 200: publishResponseSchema, 201: publishResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const releases = storeOr503();
      if (!request.isMultipart()) {
        throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the build as multipart/form-data');
      }
      const { remoteId } = request.params;
      const received = await receiveBuild(
        request.parts() as never,
        releases.root,
        remoteId,
        app.config.REMOTE_RELEASE_MAX_BYTES,
      );
      const result = await registerRelease(db, releases, remoteId, received, await actor(request));
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  app.post(
    '/remotes/:remoteId/activation',
    {
      preHandler: [requirePermission(PUBLISH), requireStepUp],
      schema: {
        tags: ['remotes'],
        description: 'Compare-and-set: answers 409 when another release than expectedActive is active now',
        params: remoteIdParamSchema,
        body: activationRequestSchema,
        response: { 200: remoteReleaseSchema, ...errors },
      },
    },
    async (request) =>
      activateRelease(
        db,
        storeOr503(),
        request.params.remoteId,
        request.body.version,
        request.body.expectedActive,
        await actor(request),
      ),
  );

  const canaryResponse = z.object({ version: z.string(), expiresAt: z.number().int() });
  const sessionOf = (request: FastifyRequest): string => {
    const auth = request.auth as Principal;
    if (auth.via !== 'session' || !auth.sessionId) {
      throw new HttpError(
        400,
        'SESSION_REQUIRED',
        'A canary applies to a browser session: use the panel, not an API key',
      );
    }
    return auth.sessionId;
  };

  app.post(
    '/remotes/:remoteId/canary',
    {
      preHandler: [requirePermission(PUBLISH), requireStepUp],
      schema: {
        tags: ['remotes'],
        description: 'Loads this release in the calling browser session only, until it expires',
        params: remoteIdParamSchema,
        body: canaryRequestSchema,
        response: { 200: canaryResponse, ...errors },
      },
    },
    async (request) =>
      startCanary(db, request.params.remoteId, request.body.version, sessionOf(request), await actor(request)),
  );

  app.delete(
    '/remotes/:remoteId/canary',
    {
      preHandler: [requirePermission(PUBLISH), requireStepUp],
      schema: { tags: ['remotes'], params: remoteIdParamSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await stopCanary(db, request.params.remoteId, sessionOf(request), await actor(request));
      return reply.status(204).send(null);
    },
  );

  // Browsers report what happened to each remote they loaded. Anyone may report (signed-out
  // visitors load remotes too), so it is rate limited per address and counts only reports
  // of a release that exists.
  app.post(
    '/remotes/beacon',
    {
      config: {
        rateLimit: { max: app.config.REMOTE_BEACON_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
        anonymousWrite: 'signed-out visitors load remotes too and report how it went',
      },
      schema: {
        tags: ['remotes'],
        body: beaconSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { remote, version, event, message } = request.body;
      const remoteId = remote.replaceAll('_', '-');
      if (version && (await findRelease(db, remoteId, version))) {
        await recordHealth(db, remoteId, version, event, message ?? null, nowSeconds());
      }
      return reply.status(204).send(null);
    },
  );
}
