import {
  type ServerAction,
  serverActionPermission,
  serverGroupSummariesResponseSchema,
  serverGroupsResponseSchema,
} from '@outpost/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../db/module-db';
import type { Principal } from '../../lib/principal';
import { principalHas } from '../../plugins/authorization';
import { listGroupSummaries } from './servers-repository';
import {
  type RenderedServers,
  readyServers,
  renderedServers,
  renderJson,
  type ServerRenderings,
  withActions,
} from './servers-response-cache';
import type { ServersTables } from './tables';

/**
 * Who sees which actions in GET /api/servers (issue 9 item 14): managers (servers.manage)
 * every action with its command; anyone else only the visible actions they may run (their
 * command is what they send to run it); anonymous visitors none. Command text of an action
 * a caller may not run never leaves the API.
 */
function viewFor(viewer: Principal | null, renderings: ServerRenderings): RenderedServers {
  if (!viewer) return renderings.public;
  if (principalHas(viewer, 'servers.manage')) return renderings.full;
  const runnable = (action: ServerAction) => principalHas(viewer, serverActionPermission(action.command));
  const anyRunnable = renderings.groups.some((group) =>
    group.servers.some((server) => server.actions.some((action) => !action.isHidden && runnable(action))),
  );
  return anyRunnable ? renderJson(withActions(renderings.groups, runnable)) : renderings.public;
}

/** Sends the caller's view of the renderings: 304 on a matching ETag, gzip when accepted. */
function sendServers(request: FastifyRequest, reply: FastifyReply, renderings: ServerRenderings): FastifyReply {
  const rendered = viewFor(request.auth as Principal | null, renderings);
  reply
    .header('cache-control', 'no-cache')
    .header('etag', rendered.etag)
    .header('vary', 'accept-encoding, cookie, authorization');
  if (request.headers['if-none-match'] === rendered.etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(rendered.gzip);
  }
  return reply.send(rendered.json);
}

/** Public server overview: groups with servers and their last polled status. Nothing secret. */
export const serversRoutes: FastifyPluginAsyncZod<OwnDb<ServersTables>> = async (app, { db }) => {
  // Served from the stored statuses (rendered at most once a second), never from a game server.
  app.get(
    '/servers',
    {
      schema: { tags: ['servers'], response: { 200: serverGroupsResponseSchema } },
      // The body is compressed once per rendering (gzip, below), not per request: compress's
      // hooks would only look and pass on every call (issue 30).
      compress: false,
    },
    // Not an async function: nearly every call is answered from this second's renderings
    // within its own turn, without the promise (and its wrapping by Fastify) an async handler
    // costs every request (issue 30). Only the first call of a second waits for the rendering.
    (request, typedReply) => {
      // The body is pre-rendered JSON (or its gzip), so the reply is used untyped.
      const reply = typedReply as unknown as FastifyReply;
      const ready = readyServers(db);
      if (ready) {
        sendServers(request, reply, ready);
        return;
      }
      return renderedServers(db).then((renderings) => {
        sendServers(request, reply, renderings);
      });
    },
  );
  app.get(
    '/servers/groups',
    { schema: { tags: ['servers'], response: { 200: serverGroupSummariesResponseSchema } } },
    async () => listGroupSummaries(db),
  );
};
