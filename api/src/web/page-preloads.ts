import fs from 'node:fs';
import path from 'node:path';
import { ownsPath, type RegistryEntry, ROUTE_TABLE_FILE, routeTableSchema } from '@outpost/contracts';

export interface PageHints {
  /** `Link: rel=preload` values, sent as the page's Link header. */
  links: string[];
  /**
   * Scripts of the remote that owns the page (its entry, the chunks of its ./manifest and the
   * page's own chunks: see routeHints), for the shell page to run as `<script defer>` (see
   * shell-page.ts): the remote's code is then in place when the shell asks for it, instead of
   * one script insertion per step after the shell has started.
   */
  scripts: string[];
  /**
   * Those of `scripts` the federation runtime itself looks for by URL (the chunks of the
   * remote's exposed ./manifest: it adds a script for them unless one with that src is in the
   * page): never combined into one request with others (script-combo.ts), or they were fetched twice.
   */
  standalone: string[];
  /**
   * The remote's stylesheets among `links` (URL, file on this server, and the path its build's
   * CSS loader knows it by): a prerendered first screen and a staff page carry them as styles.
   */
  styles: { href: string; file: string; key: string }[];
  /**
   * The page a remote built on this server owns at this path (see routeHints): what a
   * prerendered first screen (prerender/first-screen.ts) is drawn from.
   */
  page?: PublicPage;
  /** The folder on this server holding the build of the remote that owns the page (its page catalogs). */
  remoteDir?: string;
}

export interface PublicPage {
  /** The owning remote's registry name (its container name). */
  remote: string;
  /** The route's path pattern, as its remote's prerender module names its pages. */
  path: string;
  /** The API paths it reads first (its route's `data`). */
  data: string[];
  /** The folder of the build it comes from. */
  dir: string;
  /**
   * The permission the route needs (its `requiredPermission`): a staff page, hinted only on a
   * visit with a session, and drawn only for one the API finds holding it. Absent: open to anyone.
   */
  permission?: string;
}

/**
 * What the shell's page tells the browser to fetch while it is still loading the shell: the
 * shell's own first calls (/api/meta and /api/auth/profile, on every page); for the remote that
 * owns the path, its mf-manifest.json, its entry and the chunks of its exposed ./manifest (all
 * read from the manifest its build wrote); and the page's own chunks and first API calls
 * (routeHints). Without them each is one more round trip after the shell's code has run
 * (registry -> manifest -> entry -> page -> data). The registry itself is inlined in the page.
 *
 * `registry` is the one /remotes.json serves this visitor (active releases, canaries), and
 * `buildDir` maps an entry URL to the folder on this server holding that build (null: not
 * ours, e.g. a CDN; then only the shell's own calls are hinted).
 */
export async function pagePreloads(
  pathname: string,
  registry: readonly RegistryEntry[],
  buildDir: (entryUrl: string) => string | null,
  visit: { signedIn: boolean } = { signedIn: false },
): Promise<PageHints> {
  // The shell fetches both with credentials: include (load-meta.ts, load-profile.ts).
  const hints: PageHints = {
    links: [
      '</api/meta>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</api/auth/profile>; rel=preload; as=fetch; crossorigin=use-credentials',
    ],
    scripts: [],
    standalone: [],
    styles: [],
  };
  const owner = registry.find((entry) => ownsPath(entry.prefixes, pathname));
  const dir = owner ? buildDir(owner.entry) : null;
  if (owner && dir) {
    hints.remoteDir = dir;
    // The folder the entry's files are served from: the entry URL without mf-manifest.json.
    const base = owner.entry.slice(0, owner.entry.lastIndexOf('/') + 1);
    await remoteCodeHints(hints, owner.entry, base, dir);
    await routeHints(hints, owner, pathname, base, dir, visit.signedIn);
  }
  return hints;
}

/** The shell's lazy chunk groups its build lists (shared/build/shell-chunk-groups.mjs). */
const SHELL_CHUNKS_FILE = 'shell-chunks.json';
/** What a signed-in page draws at once: the signed-in chrome and the full kit staff pages share. */
const SIGNED_IN_GROUPS = ['signed-in', 'kit'];

/**
 * The shell's own chunks a signed-in visit needs (see SIGNED_IN_GROUPS), as URLs for defer
 * scripts: running one only registers its modules, so the shell's import() finds them in place
 * instead of asking once its code has run and the profile has come back (issue 30: /admin/bans).
 * None for a build without the file.
 */
export async function signedInShellScripts(shellDist: string): Promise<string[]> {
  const groups = (await readJson(path.join(shellDist, SHELL_CHUNKS_FILE))) as Record<string, unknown> | undefined;
  if (!groups || typeof groups !== 'object') return [];
  // A chunk may be in both groups (the kit's zod part is the signed-in chrome's too): listed once.
  const files = new Set(SIGNED_IN_GROUPS.flatMap((name) => strings(groups[name])));
  return [...files].filter((file) => file.endsWith('.js') && isRemoteFile(file)).map((file) => `/${file}`);
}

/** Whether a route pattern ('/admin/servers/:groupId', '/docs/*') matches a path. */
export function routeMatches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  for (const [index, segment] of want.entries()) {
    if (segment === '*') return true;
    const actual = have[index];
    if (actual === undefined) return false;
    if (!segment.startsWith(':') && segment !== actual) return false;
  }
  return want.length === have.length;
}

interface ManifestAssets {
  js?: { sync?: unknown };
  css?: { sync?: unknown };
}
interface MfManifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { name?: unknown; path?: unknown; assets?: ManifestAssets }[];
}

/** The page chunks a remote's build lists per route (shared/build PAGE_ASSETS_FILE). */
const PAGE_ASSETS_FILE = 'page-assets.json';
const REMOTE_FILE = /^[A-Za-z0-9._/-]+$/;
const isRemoteFile = (name: string) => REMOTE_FILE.test(name) && !name.includes('..');
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await fs.promises.readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The remote's manifest, entry and ./manifest chunks, as its mf-manifest.json names them. */
async function remoteCodeHints(hints: PageHints, entryUrl: string, base: string, dir: string): Promise<void> {
  const manifest = (await readJson(path.join(dir, 'mf-manifest.json'))) as MfManifest | undefined;
  if (!manifest || typeof manifest !== 'object') return;
  hints.links.push(`<${entryUrl}>; rel=preload; as=fetch; crossorigin=anonymous`);
  const remoteEntry = manifest.metaData?.remoteEntry;
  const scripts: string[] = [];
  if (typeof remoteEntry?.name === 'string') {
    scripts.push(path.posix.join(typeof remoteEntry.path === 'string' ? remoteEntry.path : '', remoteEntry.name));
  }
  const expose = manifest.exposes?.find(
    (candidate) => candidate.name === 'manifest' || candidate.path === './manifest',
  );
  const exposed = strings(expose?.assets?.js?.sync).filter(isRemoteFile);
  scripts.push(...exposed);
  hints.scripts.push(...scripts.filter(isRemoteFile).map((file) => `${base}${file}`));
  hints.standalone.push(...exposed.map((file) => `${base}${file}`));
  for (const file of strings(expose?.assets?.css?.sync).filter(isRemoteFile)) {
    hints.links.push(`<${base}${file}>; rel=preload; as=style`);
    hints.styles.push({ href: `${base}${file}`, file: path.join(dir, file), key: file });
  }
}

/**
 * The page's own chunks (page-assets.json, written by the remote's build) and the API paths it
 * reads first (its route's `data`), fetched with the credentials the page's own call uses (host
 * apiFetch: include), so the browser hands the preloaded answer to that call. For a page anyone
 * may open (no authRequired, no requiredPermission: the public landing pages a cold visit
 * starts on) always, and it is the page a prerendered first screen is drawn from. For a page
 * behind a sign-in, only on a visit that carries a session: a visitor there is shown the
 * sign-in card, not the page; for staff, without them the page's code came in four dependent
 * rounds and its data after them (/admin/bans over 1,000,000 bans: first rows at 2.7x the bare
 * page's time).
 */
async function routeHints(
  hints: PageHints,
  entry: RegistryEntry,
  pathname: string,
  base: string,
  dir: string,
  signedIn: boolean,
): Promise<void> {
  const table = entry.routeTable ?? (await readJson(path.join(dir, ROUTE_TABLE_FILE)));
  const parsed = routeTableSchema.safeParse(table);
  if (!parsed.success) return;
  const route = parsed.data.routes.find((candidate) => routeMatches(candidate.path, pathname));
  if (!route) return;
  const open = !route.authRequired && !route.requiredPermission;
  if (!open && !signedIn) return;
  const assets = (await readJson(path.join(dir, PAGE_ASSETS_FILE))) as Record<string, unknown> | undefined;
  for (const file of strings(assets?.[route.path]).filter(isRemoteFile)) {
    if (file.endsWith('.css')) {
      hints.links.push(`<${base}${file}>; rel=preload; as=style`);
      hints.styles.push({ href: `${base}${file}`, file: path.join(dir, file), key: file });
    } else hints.scripts.push(`${base}${file}`);
  }
  for (const api of route.data ?? []) hints.links.push(`<${api}>; rel=preload; as=fetch; crossorigin=use-credentials`);
  const page = { remote: entry.name, path: route.path, data: route.data ?? [], dir };
  if (open) hints.page = page;
  else if (route.requiredPermission) hints.page = { ...page, permission: route.requiredPermission };
}
