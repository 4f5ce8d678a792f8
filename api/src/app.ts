import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { refuseAnonymousWrites } from './plugins/anonymous-writes';
import './fastify-types';
import { LOCALES, PRERENDER_FILE } from '@outpost/contracts';
import { loggerOptions } from './logging/log-output';
import { accountsModule } from './modules/accounts';
import { authentication, authModule, authService } from './modules/auth';
import { discordModule } from './modules/discord';
import { discussEventsModule } from './modules/discuss-events';
import { docsModule } from './modules/docs';
import { federationModule, federationWellKnownModule } from './modules/federation';
import { gameModule } from './modules/game';
import { healthModule } from './modules/health';
import { importsModule } from './modules/imports';
import { metaModule, metaService } from './modules/meta';
import { notificationsModule } from './modules/notifications';
import { panelModule } from './modules/panel';
import { playersBansNotesModule } from './modules/players-bans-notes';
import { releasesModule, releasesService } from './modules/releases';
import { searchModule } from './modules/search';
import { serversModule } from './modules/servers';
import { sharesAddonsModule } from './modules/shares-addons';
import { httpServerOptions, limitConnections } from './plugins/connection-limits';
import { acceptEmptyJsonBodies } from './plugins/empty-json-body';
import { apiNotFound, registerErrorHandling } from './plugins/error-handling';
import { translateErrorMessages } from './plugins/error-language';
import { refuseNulCharacters } from './plugins/nul-characters';
import { protection } from './plugins/protection';
import { redirectDemoPagesToPublicUrl } from './web/demo-address';
import { createPrerenderer } from './web/prerender/prerenderer';
import { sendShell, staticSite } from './web/static-site';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Where the log goes (stdout unless a test reads it). */
  logOutput?: NodeJS.WritableStream & { isTTY?: boolean };
}

/** Builds the whole application as a plugin tree; server.ts only starts it, tests inject into it. */
export async function buildApp({ config, database, logOutput }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(config, logOutput),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Session ips come from request.ip: forwarded headers count only from trusted proxies.
    // (Fastify accepts a hop count at run time; its types omit numbers.)
    trustProxy: config.TRUST_PROXY as boolean | string,
    // Server action commands travel URL-encoded in the path (up to 500 characters, more encoded).
    routerOptions: { maxParamLength: 2000 },
    // Query strings and JSON bodies are parsed by Fastify; keep prototype-poisoning refused.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Slow headers and slow requests are cut off; sockets are capped (issue 9 item 5).
    http: httpServerOptions(config),
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
  }).withTypeProvider<ZodTypeProvider>();
  limitConnections(app.server, config);
  acceptEmptyJsonBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  registerErrorHandling(app);
  translateErrorMessages(app);
  refuseAnonymousWrites(app);
  refuseNulCharacters(app);
  if (config.DEMO_MODE) redirectDemoPagesToPublicUrl(app, config.PUBLIC_URL);
  await app.register(protection, {
    rateLimitCounters: metaService.rateLimitCounters,
    siteSentryDsn: async (db) => (await metaService.readSiteSettings(db)).sentryDsn,
  });
  await app.register(authentication);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Outpost API', version: '0.1.0', description: 'Game-server community panel API' },
      components: {
        securitySchemes: {
          gameServerToken: { type: 'http', scheme: 'bearer', description: 'Per-server plugin token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      // A GET or HEAD has no body to inflate: without this, compress's decompress step ran
      // before every read (a hook per request; issue 30).
      api.addHook('onRoute', (route) => {
        if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) route.decompress ??= false;
      });
      // API answers over 1 KB go out compressed (brotli at a quality fit for per-request work,
      // else gzip). Only here: static files are compressed once, at build time.
      await api.register(fastifyCompress, {
        threshold: 1024,
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      });
      // One plugin per module (README, Layout). audit serves no routes: its door is a service only.
      await api.register(healthModule);
      await api.register(metaModule);
      await api.register(authModule);
      await api.register(panelModule);
      await api.register(importsModule);
      await api.register(accountsModule);
      await api.register(notificationsModule, {
        credentials: { credentialOf: authService.credentialOf, liveCredentials: authService.liveCredentials },
      });
      await api.register(serversModule);
      await api.register(playersBansNotesModule);
      await api.register(searchModule);
      await api.register(gameModule);
      await api.register(sharesAddonsModule);
      await api.register(discussEventsModule);
      await api.register(releasesModule);
      await api.register(discordModule);
      await api.register(federationModule);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  // The docs module's route is the SPEC's /tutorials/tours/{tour}.json, outside /api.
  await app.register(docsModule, { webRoot: config.WEB_ROOT });
  // Federation's well-known document (issue 29) is at the address other sites look for it.
  await app.register(federationWellKnownModule);

  const shellIndex = config.WEB_ROOT ? path.join(config.WEB_ROOT, 'shell/dist/index.html') : null;
  // The same web root, registry and releases for the static site and the shell pages the
  // not-found handler sends (their preload hints read the registry /remotes.json serves).
  const registry = releasesService.registryFor(app);
  // One process per API process, started with it when the shell has a prerender module; it may
  // read the builds (the shell's, the remotes' and their releases') and nothing else.
  const shellPrerender = config.WEB_ROOT ? path.join(config.WEB_ROOT, 'shell/dist', PRERENDER_FILE) : null;
  const prerenderer =
    config.WEB_ROOT && shellPrerender && config.PRERENDER
      ? createPrerenderer({
          shell: shellPrerender,
          readable: [
            path.join(config.WEB_ROOT, 'shell/dist'),
            path.join(config.WEB_ROOT, 'remotes'),
            ...(config.REMOTE_RELEASES_DIR ? [path.join(config.REMOTE_RELEASES_DIR, 'remotes')] : []),
          ],
          onProblem: (message) => app.log.warn(message),
          // `/` drawn once as a visitor's in each language, one after the other (not awaited: a
          // late answer is kept for the next same visit, and the page's module and that language's
          // catalogs stay loaded), so the first visitors get a drawn screen: a language's first
          // draw loads its catalogs and can miss the visit's wait (a Russian first visit did).
          onReady: () =>
            void (async () => {
              for (const locale of LOCALES) {
                await app.inject({
                  method: 'GET',
                  url: '/',
                  headers: { accept: 'text/html', 'accept-language': locale },
                });
              }
            })().catch(() => {}),
        })
      : null;
  if (prerenderer) {
    // Started with the API, not on the first visit: that visit would otherwise go out undrawn.
    app.addHook('onReady', async () => {
      if (shellPrerender && fs.existsSync(shellPrerender)) prerenderer.start();
    });
    app.addHook('onClose', async () => prerenderer.close());
  }
  const siteOptions = (webRoot: string) => ({
    webRoot,
    registryPath: config.REMOTES_REGISTRY,
    releasesDir: config.REMOTE_RELEASES_DIR,
    registry,
    prerenderer,
  });
  if (config.WEB_ROOT) {
    // Files are looked up per request, so a build that lands later (pnpm dev's watchers,
    // a published remote) is served without a restart.
    if (shellIndex && !fs.existsSync(shellIndex)) {
      app.log.warn(`No shell build at ${shellIndex} yet: pages appear once it is built (pnpm build)`);
    }
    await app.register(staticSite, siteOptions(config.WEB_ROOT));
  }
  const servesShell = () => shellIndex !== null && fs.existsSync(shellIndex);

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    // Client-side routes (/admin/bans, /docs/cvars...) are the shell's to render.
    if (
      isPage &&
      wantsHtml &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/remotes/') &&
      config.WEB_ROOT &&
      servesShell()
    ) {
      return sendShell(request, reply, siteOptions(config.WEB_ROOT));
    }
    return reply.status(404).send(apiNotFound(request.method, request.url));
  });

  return app;
}
