import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type RegistryEntry, ROUTE_TABLE_FILE, registrySchema } from '@outpost/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { cacheControlFor, isCompressible, withoutEncodingSuffix } from './cache-policy';

export interface StaticSiteOptions {
  /** Folder holding shell/dist and remotes/<id>/dist. */
  webRoot: string;
  /** Path of the remote registry served as /remotes.json. */
  registryPath: string;
}

const REMOTE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * Serves the shell at /, every built remote under /remotes/<id>/ and the registry at
 * /remotes.json, all from the same process as the API. Files are looked up per request, so
 * a remote published after start (even a new one) needs no restart.
 *
 * Every build writes .br and .gz copies of its text assets (shared/build); the copy the
 * browser accepts is sent (`preCompressed`), with `Vary: Accept-Encoding`. A Range request
 * gets the identity file, so byte offsets mean what the client thinks they mean.
 */
export const staticSite: FastifyPluginAsync<StaticSiteOptions> = async (app, options) => {
  const shellDist = path.join(options.webRoot, 'shell/dist');
  const remotesDir = path.join(options.webRoot, 'remotes');
  const setHeaders = (res: { setHeader(name: string, value: string): void }, filePath: string) => {
    const original = withoutEncodingSuffix(filePath);
    res.setHeader('Cache-Control', cacheControlFor(original));
    if (isCompressible(original)) res.setHeader('Vary', 'Accept-Encoding');
    // Remotes may be fetched by a shell on another origin (a CDN); the manifest is read with fetch.
    if (filePath.startsWith(remotesDir)) res.setHeader('Access-Control-Allow-Origin', '*');
  };

  app.addHook('onRequest', async (request) => {
    if (request.headers.range !== undefined) delete request.headers['accept-encoding'];
  });

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
    preCompressed: true,
    setHeaders,
  });

  const sendRemoteFile = (request: { params: unknown }, reply: FastifyReply) => {
    const { id, '*': file } = request.params as { id: string; '*': string };
    if (!REMOTE_ID.test(id) || !file) return reply.callNotFound();
    return reply.sendFile(file, path.join(remotesDir, id, 'dist'));
  };
  // Fastify answers HEAD from the GET route.
  app.get('/remotes/:id/*', { schema: { hide: true } }, sendRemoteFile);

  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    let entries: unknown = [];
    try {
      entries = JSON.parse(await fs.promises.readFile(options.registryPath, 'utf8'));
    } catch (error) {
      app.log.error({ err: error, path: options.registryPath }, 'remote registry unreadable');
    }
    const parsed = registrySchema.safeParse(entries);
    if (!parsed.success) app.log.error({ issues: parsed.error.issues }, 'remote registry invalid');
    const registry = parsed.success
      ? await Promise.all(parsed.data.map((entry) => withRouteTable(entry, remotesDir)))
      : [];
    return reply.header('Cache-Control', 'no-cache').send(registry);
  });

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));
};

/**
 * Inlines the route table a local remote's build wrote beside its mf-manifest.json, so the
 * shell reads every table in this one request. Read per request: a remote published after
 * start is seen at once. An entry that carries its table, or lives elsewhere (a CDN), is
 * left as it is; the shell then fetches route-table.json beside the entry. The table is
 * not checked here: the shell checks it and drops only that remote when it is bad.
 */
async function withRouteTable(entry: RegistryEntry, remotesDir: string): Promise<RegistryEntry> {
  const local = /^\/remotes\/([a-z0-9-]+)\/[^/]+$/.exec(entry.entry);
  if (entry.routeTable !== undefined || !local?.[1]) return entry;
  try {
    const file = path.join(remotesDir, local[1], 'dist', ROUTE_TABLE_FILE);
    return { ...entry, routeTable: JSON.parse(await fs.promises.readFile(file, 'utf8')) };
  } catch {
    return entry;
  }
}

/** The shell's index.html (compressed as accepted), for / and for every client-side route. */
export function sendShell(reply: FastifyReply) {
  return reply.sendFile('index.html');
}
