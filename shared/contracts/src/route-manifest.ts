import { z } from 'zod';

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

// A page module as React.lazy expects it. Typed loosely here because contracts
// must not depend on React; the host package narrows it.
export type PageModule = { default: unknown };
export type PageLoader = () => Promise<PageModule>;

const absolutePath = z
  .string()
  .min(1)
  .max(200)
  .regex(/^\/[A-Za-z0-9/:?*._-]*$/, 'must be an absolute route path');

const routeLink = z.object({ to: absolutePath, label: z.string().min(1).max(80) });

const kebabId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, 'must be kebab-case');

export const routeDescriptorSchema = z
  .object({
    /** Named route (e.g. 'search', 'manage-user'); also the last resort nav label. */
    name: z.string().min(1).max(64).optional(),
    path: absolutePath,
    aliases: z.array(absolutePath).max(8).optional(),
    title: z.string().min(1).max(80),
    description: z.string().max(300).optional(),
    icon: z.enum(ROUTE_ICONS).optional(),
    nav: z.boolean().optional(),
    navLabel: z.string().min(1).max(40).optional(),
    /** Children of one top-level entry are grouped by section, with dividers between sections. */
    navSection: z.string().min(1).max(40).optional(),
    tag: z.string().min(1).max(16).optional(),
    external: z.boolean().optional(),
    redirect: z.string().min(1).max(2000).optional(),
    topLevel: z.boolean().optional(),
    authRequired: z.boolean().optional(),
    hideNav: z.boolean().optional(),
    hideHero: z.boolean().optional(),
    prevRoute: routeLink.optional(),
    nextRoute: routeLink.optional(),
    searchable: z.boolean().optional(),
    /** Who may open the page: without this permission the nav hides it and the page shows an access card. */
    requiredPermission: z.string().min(1).max(200).optional(),
    /** A community link (a site setting, e.g. 'stats') the route leads to: hidden from the nav while unset. */
    link: z.string().min(1).max(64).optional(),
    /** The page renders its own child routes below `path` (react-router descendant routes). */
    nested: z.boolean().optional(),
    load: z.custom<PageLoader>((value) => typeof value === 'function', 'must be a function').optional(),
  })
  .refine((route) => !route.external || typeof route.redirect === 'string', {
    message: 'an external route needs a redirect target',
    path: ['redirect'],
  });

export type RouteDescriptor = z.infer<typeof routeDescriptorSchema>;

export const remoteManifestSchema = z.object({
  id: kebabId,
  contractVersion: z.string().regex(/^\d+\.\d+\.\d+$/, 'must be a semantic version'),
  routes: z.array(routeDescriptorSchema).max(100),
});

export type RemoteManifest = z.infer<typeof remoteManifestSchema>;

/** One entry of /remotes.json: where the shell finds a remote at run time. */
export const registryEntrySchema = z.object({
  /** Module Federation container name: the snake_case form of the remote id. */
  name: z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be snake_case'),
  entry: z.string().min(1).max(2000),
  /** Route prefixes the remote owns, so the shell can say "unavailable" instead of 404 when it fails. */
  prefixes: z.array(absolutePath).max(20).optional(),
});
export const registrySchema = z.array(registryEntrySchema).max(50);
export type RegistryEntry = z.infer<typeof registryEntrySchema>;

/** kebab-case remote id -> snake_case MF container name. */
export function containerName(remoteId: string): string {
  return remoteId.replaceAll('-', '_');
}
