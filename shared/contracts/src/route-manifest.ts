// zod/mini: the shell checks the registry and every route table on each first load.
import { z } from 'zod/mini';
import { externalHasRedirect, isFunction } from './check/rules';
import { SESSION_COUNTS } from './route-names';

export { containerName, ownsPath, PRERENDER_FILE, ROUTE_TABLE_FILE, SESSION_COUNTS } from './route-names';

/** Icon names the shared ui package knows how to draw. Unknown names fall back to no icon. */
export const ROUTE_ICONS = [
  'home',
  'search',
  'book',
  'shield',
  'server',
  'users',
  'ban',
  'note',
  'log',
  'share',
  'plus',
  'link',
  'chat',
  'calendar',
  'gauge',
  'wand',
  'external',
] as const;
export type RouteIcon = (typeof ROUTE_ICONS)[number];

export type SessionCount = (typeof SESSION_COUNTS)[number];

// A page module as React.lazy expects it. Typed loosely here because contracts
// must not depend on React; the host package narrows it.
export type PageModule = { default: unknown };
export type PageLoader = () => Promise<PageModule>;

/** A string of min..max characters. */
function text(min: number, max: number) {
  return z.string().check(z.minLength(min), z.maxLength(max));
}

const absolutePath = z
  .string()
  .check(z.minLength(1), z.maxLength(200), z.regex(/^\/[A-Za-z0-9/:?*._-]*$/, 'must be an absolute route path'));

const routeLink = z.object({ to: absolutePath, label: text(1, 80) });

const kebabId = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, 'must be kebab-case'));

// An API path, with fixed query parameters if the page's first call has them (`?limit=50`):
// characters that can neither end the Link header value nor need escaping.
const apiDataPath = z
  .string()
  .check(
    z.maxLength(200),
    z.regex(
      /^\/api\/[A-Za-z0-9/_.-]+(\?[A-Za-z0-9_.-]+=[A-Za-z0-9_.-]*(&[A-Za-z0-9_.-]+=[A-Za-z0-9_.-]*)*)?$/,
      'must be an API path, with plain query parameters if any',
    ),
  );

/** Every field of a route but its page loader: what a remote's route table (JSON) carries. */
const routeFields = {
  /** Named route (e.g. 'search', 'manage-user'); also the last resort nav label. */
  name: z.optional(text(1, 64)),
  path: absolutePath,
  aliases: z.optional(z.array(absolutePath).check(z.maxLength(8))),
  title: text(1, 80),
  description: z.optional(text(0, 300)),
  icon: z.optional(z.enum(ROUTE_ICONS)),
  nav: z.optional(z.boolean()),
  navLabel: z.optional(text(1, 40)),
  /** Children of one top-level entry are grouped by section, with dividers between sections. */
  navSection: z.optional(text(1, 40)),
  /**
   * The name of the top-level route whose menu lists this route. Without it a route hangs under
   * the top-level route whose path is a prefix of its own (as SPEC's navigation bar says).
   */
  menu: z.optional(text(1, 64)),
  /** Where a top-level entry sits: the site's pages first (default), then the staff tools. */
  navGroup: z.optional(z.enum(['site', 'staff'])),
  /** A top-level route shown only as its menu: its own page is not listed again (a child opens it). */
  menuOnly: z.optional(z.boolean()),
  tag: z.optional(text(1, 16)),
  /** A count of the session (SESSION_COUNTS) shown beside the nav entry while above 0, e.g. unread threads. */
  badge: z.optional(z.enum(SESSION_COUNTS)),
  external: z.optional(z.boolean()),
  redirect: z.optional(text(1, 2000)),
  topLevel: z.optional(z.boolean()),
  authRequired: z.optional(z.boolean()),
  hideNav: z.optional(z.boolean()),
  hideHero: z.optional(z.boolean()),
  prevRoute: z.optional(routeLink),
  nextRoute: z.optional(routeLink),
  searchable: z.optional(z.boolean()),
  /** Who may open the page: without this permission the nav hides it and the page shows an access card. */
  requiredPermission: z.optional(text(1, 200)),
  /** A community link (a site setting, e.g. 'stats') the route leads to: hidden from the nav while unset. */
  link: z.optional(text(1, 64)),
  /** The page renders its own child routes below `path` (react-router descendant routes). */
  nested: z.optional(z.boolean()),
  /**
   * API paths the page GETs as soon as it opens, exactly as it asks for them (useLoad takes the
   * answer by its path). The server hints them with the shell page (Link: rel=preload) so they
   * load alongside the code instead of after it: on a page behind a sign-in only for a visit
   * with a session (api/src/web/page-preloads.ts).
   */
  data: z.optional(z.array(apiDataPath).check(z.maxLength(4))),
};

const externalNeedsRedirect = { message: 'an external route needs a redirect target', path: ['redirect'] };

/** One route of a route table: plain data, readable before any remote code runs. */
export const routeEntrySchema = z.object(routeFields).check(z.refine(externalHasRedirect, externalNeedsRedirect));
export type RouteEntry = z.infer<typeof routeEntrySchema>;

const descriptorFields = {
  ...routeFields,
  load: z.optional(z.custom<PageLoader>(isFunction, 'must be a function')),
};

export const routeDescriptorSchema = z
  .object(descriptorFields)
  .check(z.refine(externalHasRedirect, externalNeedsRedirect));

export type RouteDescriptor = z.infer<typeof routeDescriptorSchema>;

/**
 * A route as its remote's build reads it (shared/build emit-route-table.mjs): what the browser
 * checks, and facts only the build uses. They are not in the route table, and the browser's
 * check (browser-shapes.ts, on every first load) does not carry them: not a byte for them on `/`.
 */
const routeBuildDescriptorSchema = z
  .object({
    ...descriptorFields,
    /**
     * The loader waits for the remote's catalogs too (`xCatalogs.ready()`): the build then hints
     * their English chunk with the page (page-assets.json), every locale's fallback. Declared,
     * not guessed from the loader's source.
     */
    waitsForCatalogs: z.optional(z.boolean()),
  })
  .check(z.refine(externalHasRedirect, externalNeedsRedirect));

export type RouteBuildDescriptor = z.infer<typeof routeBuildDescriptorSchema>;

const manifestHead = {
  id: kebabId,
  contractVersion: z.string().check(z.regex(/^\d+\.\d+\.\d+$/, 'must be a semantic version')),
};

export const remoteManifestSchema = z.object({
  ...manifestHead,
  routes: z.array(routeDescriptorSchema).check(z.maxLength(100)),
});
export type RemoteManifest = z.infer<typeof remoteManifestSchema>;

/** A remote's src/manifest.ts as its build checks it: routes with their build-only facts. */
export const remoteBuildManifestSchema = z.object({
  ...manifestHead,
  routes: z.array(routeBuildDescriptorSchema).check(z.maxLength(100)),
});

/**
 * A remote's route table: its manifest without the page loaders, emitted by its build as
 * route-table.json beside mf-manifest.json. The shell builds the navbar, router, titles
 * and search sections from it before fetching any remote code.
 */
export const routeTableSchema = z.object({
  ...manifestHead,
  routes: z.array(routeEntrySchema).check(z.maxLength(100)),
});
export type RouteTable = z.infer<typeof routeTableSchema>;

/** One entry of /remotes.json: where the shell finds a remote at run time. */
export const registryEntrySchema = z.object({
  /** Module Federation container name: the snake_case form of the remote id. */
  name: z.string().check(z.regex(/^[a-z][a-z0-9_]*$/, 'must be snake_case')),
  entry: text(1, 2000),
  /** Route prefixes the remote owns, so the shell can say "unavailable" instead of 404 when it fails. */
  prefixes: z.optional(z.array(absolutePath).check(z.maxLength(20))),
  /**
   * The remote's route table, inlined by the server from the remote's build (or by the registry
   * itself), so the shell reads every table in the one /remotes.json request. Checked by the
   * shell with routeTableSchema: a bad table drops that remote alone. When absent the shell
   * fetches route-table.json beside `entry`.
   */
  routeTable: z.optional(z.unknown()),
  /** The release served (issue 14): reported with load failures; absent for a bootstrap entry. */
  version: z.optional(z.string().check(z.maxLength(80))),
  /** True when this session runs a not-yet-active release of the remote (a canary). */
  canary: z.optional(z.boolean()),
});
export const registrySchema = z.array(registryEntrySchema).check(z.maxLength(50));
export type RegistryEntry = z.infer<typeof registryEntrySchema>;
