// A route's words in every locale (issue 27): the remote's build reads them from its catalogs
// (`<remote id>.route.<name>.<field>` in locales/<locale>.json) into its route table's `labels`, and the API
// serves each visitor the table in their locale alone, its English fields replaced. So the
// navbar, hero and titles of the first screen (server-drawn too) are in the visitor's language
// without the browser fetching a single catalog, and an English load carries no byte more.
// Not part of the browser's contracts: the shell only ever sees tables already localized.
import { z } from 'zod/mini';
import { LOCALES, type Locale } from './locale';
import type { RegistryEntry, RouteTable } from './route-manifest';

/** A route's translatable fields, as the catalog key names them: `<remote id>.route.<name>.<field>`. */
export const ROUTE_LABEL_FIELDS = ['title', 'navLabel', 'description', 'navSection', 'prevRoute', 'nextRoute'] as const;
export type RouteLabelField = (typeof ROUTE_LABEL_FIELDS)[number];
export type RouteLabels = Partial<Record<RouteLabelField, string>>;

const label = z.string().check(z.maxLength(300));
const routeLabelsSchema = z.partialRecord(z.enum(ROUTE_LABEL_FIELDS), label);

/** locale -> route name -> that route's words in the locale. English is the table's own fields. */
export const routeTableLabelsSchema = z.partialRecord(
  z.enum(LOCALES),
  z.record(z.string().check(z.maxLength(64)), routeLabelsSchema),
);
export type RouteTableLabels = z.infer<typeof routeTableLabelsSchema>;

/** A route table as a remote's build emits it: with every locale's labels. */
export type LabelledRouteTable = RouteTable & { labels?: RouteTableLabels };

/** The route's English text of a label field, as the manifest gives it. */
export function englishLabel(route: RouteTable['routes'][number], field: RouteLabelField): string | undefined {
  if (field === 'prevRoute' || field === 'nextRoute') return route[field]?.label;
  return route[field];
}

/**
 * The table as a visitor of `locale` sees it: each label in the locale, else English (per
 * field, so one missing translation leaves only that one in English), without `labels`.
 */
export function localizeRouteTable(table: LabelledRouteTable, locale: Locale): RouteTable {
  const { labels, ...rest } = table;
  const words = locale === 'en' ? undefined : labels?.[locale];
  if (!words) return rest;
  return {
    ...rest,
    routes: rest.routes.map((route) => {
      const own = route.name ? words[route.name] : undefined;
      if (!own) return route;
      const localized = { ...route };
      for (const field of ROUTE_LABEL_FIELDS) {
        const text = own[field];
        if (!text || englishLabel(route, field) === undefined) continue;
        if (field === 'prevRoute' || field === 'nextRoute') {
          const link = route[field];
          if (link) localized[field] = { ...link, label: text };
        } else {
          localized[field] = text;
        }
      }
      return localized;
    }),
  };
}

/** A route table as stored or served, when it carries labels worth reading (else null). */
function labelledTable(candidate: unknown): LabelledRouteTable | null {
  if (!candidate || typeof candidate !== 'object') return null;
  const table = candidate as { routes?: unknown; labels?: unknown };
  return Array.isArray(table.routes) && table.labels !== undefined ? (candidate as LabelledRouteTable) : null;
}

/** The registry as a visitor of `locale` is served it: every inlined route table localized. */
export function localizeRegistry(registry: RegistryEntry[], locale: Locale): RegistryEntry[] {
  return registry.map((entry) => {
    const table = labelledTable(entry.routeTable);
    if (!table) return entry;
    const parsed = routeTableLabelsSchema.safeParse(table.labels);
    const { labels: _labels, ...english } = table;
    return {
      ...entry,
      routeTable: parsed.success ? localizeRouteTable({ ...english, labels: parsed.data }, locale) : english,
    };
  });
}
