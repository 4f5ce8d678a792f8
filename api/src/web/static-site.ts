import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  isLocale,
  isTheme,
  type Locale,
  localizeRegistry,
  RELEASE_VERSION_PATTERN,
  type RegistryEntry,
  ROUTE_TABLE_FILE,
  registrySchema,
  THEME_COOKIE,
} from '@outpost/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../lib/session-cookie';
import { visitLocale } from '../lib/visit-locale';
import { cacheControlFor, isCompressible, withoutEncodingSuffix } from './cache-policy';
import { allowInlineScripts, inlineScriptHashes } from './inline-scripts';
import { pageCatalogs } from './page-catalogs';
import { type PageHints, pagePreloads, signedInShellScripts } from './page-preloads';
import { prerenderFirstScreen } from './prerender/first-screen';
import type { Prerenderer } from './prerender/prerenderer';
import { COMBO_FILE, combineScripts, sendCombo } from './script-combo';
import { encodePage, pageEncoding, preloadedStyles, readShellTemplate, shellPage } from './shell-page';

export interface StaticSiteOptions {
  /** Folder holding shell/dist and remotes/<id>/dist. */
  webRoot: string;
  /** Path of the remote registry served as /remotes.json. */
  registryPath: string;
  /** Folder whose remotes/<id>/<version>/ hold remote releases (issue 14); null: none. */
  releasesDir?: string | null;
  /** Turns the bootstrap registry into the one served (active releases, canaries); default: as is. */
  registry?: (request: FastifyRequest, bootstrap: RegistryEntry[]) => Promise<RegistryEntry[]>;
  /** Draws visitors' first screens (prerender/); none: pages go out without one. */
  prerenderer?: Prerenderer | null;
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

  // A staff page's scripts of one build, asked for as one (script-combo.ts).
  const combo = `static/js/${COMBO_FILE}`;
  app.get(`/${combo}`, { schema: { hide: true } }, (request, reply) =>
    sendCombo(request, reply, path.join(shellDist, 'static/js'), false),
  );

  const releasesDir = options.releasesDir ? path.join(options.releasesDir, 'remotes') : null;
  const sendRemoteFile = (request: FastifyRequest, reply: FastifyReply) => {
    const { id, '*': file } = request.params as { id: string; '*': string };
    if (!REMOTE_ID.test(id) || !file) return reply.callNotFound();
    // /remotes/<id>/<version>/...: a file of an immutable release; anything else: the local build.
    const slash = file.indexOf('/');
    const version = slash > 0 ? file.slice(0, slash) : '';
    if (releasesDir && RELEASE_VERSION_PATTERN.test(version)) {
      const inRelease = file.slice(slash + 1);
      if (inRelease === combo) return sendCombo(request, reply, path.join(releasesDir, id, version, 'static/js'), true);
      return reply.sendFile(inRelease, path.join(releasesDir, id, version));
    }
    if (file === combo) return sendCombo(request, reply, path.join(remotesDir, id, 'dist', 'static/js'), true);
    return reply.sendFile(file, path.join(remotesDir, id, 'dist'));
  };
  // Fastify answers HEAD from the GET route.
  app.get('/remotes/:id/*', { schema: { hide: true } }, sendRemoteFile);

  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    // The routes' words in the visitor's language; `?locale=` when the language menu switches
    // (the shell fetches the new language's words before it switches).
    const asked = (request.query as { locale?: unknown } | undefined)?.locale;
    const registry = await servedRegistry(request, options, isLocale(asked) ? asked : visitLocale(request));
    // Revalidated on every page load (no-cache), answered 304 while unchanged. It differs per
    // session only for staff running a canary, and per language: Cookie and Accept-Language
    // are part of the variance.
    const body = JSON.stringify(registry);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('Cache-Control', 'no-cache').header('ETag', etag).header('Vary', 'Accept-Language, Cookie');
    if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get('/', { schema: { hide: true } }, (request, reply) => sendShell(request, reply, options));
};

/**
 * The registry as /remotes.json serves it to this request: the bootstrap file with the local
 * builds' route tables inlined, then active releases and canaries (options.registry), every
 * table's route labels in `locale` alone (English where a label has no translation).
 */
async function servedRegistry(
  request: FastifyRequest,
  options: StaticSiteOptions,
  locale: Locale,
): Promise<RegistryEntry[]> {
  let entries: unknown = [];
  try {
    entries = JSON.parse(await fs.promises.readFile(options.registryPath, 'utf8'));
  } catch (error) {
    request.log.error({ err: error, path: options.registryPath }, 'remote registry unreadable');
  }
  const parsed = registrySchema.safeParse(entries);
  if (!parsed.success) request.log.error({ issues: parsed.error.issues }, 'remote registry invalid');
  const remotesDir = path.join(options.webRoot, 'remotes');
  const bootstrap = parsed.success
    ? await Promise.all(parsed.data.map((entry) => withRouteTable(entry, remotesDir)))
    : [];
  return localizeRegistry(options.registry ? await options.registry(request, bootstrap) : bootstrap, locale);
}

/**
 * The folder on this server holding the build an entry URL names: /remotes/<id>/mf-manifest.json
 * (the local build) or /remotes/<id>/<version>/mf-manifest.json (a release); null otherwise.
 */
function localBuildDir(entryUrl: string, options: StaticSiteOptions): string | null {
  const match = /^\/remotes\/([a-z0-9][a-z0-9-]{0,63})\/(?:([^/]+)\/)?mf-manifest\.json$/.exec(entryUrl);
  if (!match?.[1]) return null;
  if (match[2] === undefined) return path.join(options.webRoot, 'remotes', match[1], 'dist');
  if (options.releasesDir && RELEASE_VERSION_PATTERN.test(match[2])) {
    return path.join(options.releasesDir, 'remotes', match[1], match[2]);
  }
  return null;
}

function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

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

/** A stylesheet larger than this is linked, not carried in the page. */
const INLINE_STYLE_MAX_BYTES = 64 * 1024;
const styleTexts = new Map<string, { mtimeMs: number; css: string | null }>();

/** A built stylesheet's text (read again when a build replaces it); null: missing or too large. */
async function styleText(file: string): Promise<string | null> {
  try {
    const { mtimeMs, size } = await fs.promises.stat(file);
    const cached = styleTexts.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.css;
    const css = size <= INLINE_STYLE_MAX_BYTES ? await fs.promises.readFile(file, 'utf8') : null;
    styleTexts.set(file, { mtimeMs, css });
    return css;
  } catch {
    return null;
  }
}

/** The styles a prerendered screen or a staff page carries: the shell's first ones (in its template) and the remote's. */
async function screenStyles(template: string, shellDist: string, hints: PageHints) {
  const shell = preloadedStyles(template)
    .filter((href) => href.startsWith('/') && !href.includes('..'))
    .map((href) => ({ href, file: path.join(shellDist, href) }));
  const remote = hints.styles.map(async ({ href, file, key }) => ({ href, key, css: await styleText(file) }));
  return Promise.all([...shell.map(async ({ href, file }) => ({ href, css: await styleText(file) })), ...remote]);
}

/**
 * The page's <html lang> (the shell starts in that locale: shell/src/i18n/locale.ts) and, for a
 * visitor who chose a theme (its cookie, checked to be one of the two), <html data-theme>: the
 * template's inline script then paints it without reading the browser's storage.
 */
export function withRootAttributes(template: string, locale: Locale, theme: unknown): string {
  const themed = isTheme(theme) ? ` data-theme="${theme}"` : '';
  return template.replace(/<html lang="[^"]*"/, `<html lang="${locale}"${themed}`);
}

/**
 * The shell's index.html (compressed as accepted), for / and for every client-side route, with
 * this visitor's registry inlined, the owning remote's scripts and preload hints for what the
 * page will fetch next (page-preloads.ts, shell-page.ts). It differs per session (a staff
 * canary), so it is private and revalidated every time.
 */
export async function sendShell(request: FastifyRequest, reply: FastifyReply, options: StaticSiteOptions) {
  const pathname = new URL(request.url, 'http://outpost.invalid').pathname;
  // The registry this visitor's shell will read (a canary for staff included), so the hints
  // name the very files it will ask for.
  const registry = await servedRegistry(request, options, visitLocale(request));
  const signedIn = request.cookies?.[SESSION_COOKIE] !== undefined;
  const shellDist = path.join(options.webRoot, 'shell/dist');
  const hints = await pagePreloads(pathname, registry, (entry) => localBuildDir(entry, options), { signedIn });
  if (signedIn) hints.scripts.push(...(await signedInShellScripts(shellDist)));
  let template: string;
  try {
    template = await readShellTemplate(path.join(options.webRoot, 'shell/dist/index.html'));
  } catch {
    return reply.callNotFound();
  }
  allowInlineScripts(request, inlineScriptHashes(template));
  const prerenderStarted = performance.now();
  const drawn = options.prerenderer
    ? await prerenderFirstScreen(request, registry, hints, { prerenderer: options.prerenderer, shellDist })
    : null;
  // A prerendered screen carries its first styles; so does a staff page (shell-page.ts).
  const firstStyles = drawn || signedIn ? await screenStyles(template, shellDist, hints) : [];
  const screen = drawn && { ...drawn, styles: firstStyles };
  const styles = screen ? [] : firstStyles;
  const carried = firstStyles.filter((style) => style.css !== null);
  // Data inlined with a prerendered screen, and styles in the page, are not fetched again: no preload for them.
  const inPage = [...Object.keys(screen?.data ?? {}), ...carried.map((style) => style.href)];
  // A drawn screen's page hints no fetch either (the shell's /api/meta, profile, the remote's
  // manifest): asked for as its scripts run, after the first frame, which the preloads had held
  // back by ~23 ms (131 against 108 ms to the table, the same page with and without them). Styles
  // it does not carry stay hinted.
  const links = hints.links.filter(
    (link) => !inPage.some((url) => link.startsWith(`<${url}>;`)) && !(screen && /; as=fetch\b/.test(link)),
  );
  const encoding = pageEncoding(request.headers['accept-encoding']);
  if (options.prerenderer) {
    // How long drawing the first screen took (or took to give up): seen in the browser's devtools.
    reply.header(
      'Server-Timing',
      `prerender;dur=${(performance.now() - prerenderStarted).toFixed(1)};desc="${screen ? 'drawn' : 'not drawn'}"`,
    );
  }
  reply
    .header('Link', links.join(', '))
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
    .type('text/html; charset=utf-8');
  if (encoding) reply.header('Content-Encoding', encoding);
  const locale = visitLocale(request);
  return reply.send(
    encodePage(
      shellPage(
        withRootAttributes(template, locale, request.cookies?.[THEME_COOKIE]),
        registry,
        // A staff page's scripts, one request per build (script-combo.ts); a visitor's as they are.
        signedIn ? combineScripts(hints.scripts, hints.standalone) : hints.scripts,
        screen,
        await pageCatalogs(locale, [shellDist, hints.remoteDir]),
        styles,
      ),
      encoding,
    ),
  );
}
