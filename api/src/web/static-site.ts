import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { registrySchema } from '@outpost/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { cacheControlFor } from './cache-policy';

export interface StaticSiteOptions {
  /** Folder holding shell/dist and remotes/<id>/dist. */
  webRoot: string;
  /** Path of the remote registry served as /remotes.json. */
  registryPath: string;
}

/**
 * Serves the shell at /, every built remote under /remotes/<id>/ and the registry at
 * /remotes.json, all from the same process as the API. Remotes are read from disk on
 * each request, so publishing one remote needs no restart.
 */
export const staticSite: FastifyPluginAsync<StaticSiteOptions> = async (app, options) => {
  const shellDist = path.join(options.webRoot, 'shell/dist');
  const remotesDir = path.join(options.webRoot, 'remotes');
  const setHeaders = (res: { setHeader(name: string, value: string): void }, filePath: string) => {
    res.setHeader('Cache-Control', cacheControlFor(filePath));
    // Remotes may be fetched by a shell on another origin (a CDN); the manifest is read with fetch.
    if (filePath.startsWith(remotesDir)) res.setHeader('Access-Control-Allow-Origin', '*');
  };

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders,
  });

  const remoteIds = fs.existsSync(remotesDir) ? fs.readdirSync(remotesDir) : [];
  for (const id of remoteIds) {
    const dist = path.join(remotesDir, id, 'dist');
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `/remotes/${id}/`,
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders,
    });
  }

  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    let entries: unknown = [];
    try {
      entries = JSON.parse(await fs.promises.readFile(options.registryPath, 'utf8'));
    } catch (error) {
      app.log.error({ err: error, path: options.registryPath }, 'remote registry unreadable');
    }
    const parsed = registrySchema.safeParse(entries);
    if (!parsed.success) app.log.error({ issues: parsed.error.issues }, 'remote registry invalid');
    return reply.header('Cache-Control', 'no-cache').send(parsed.success ? parsed.data : []);
  });

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));
};

/** The shell's index.html, for / and for every client-side route. */
export function sendShell(reply: { header(name: string, value: string): unknown; sendFile(file: string): unknown }) {
  reply.header('Cache-Control', 'no-cache');
  return reply.sendFile('index.html');
}
