import type { Addon } from '@outpost/contracts';

export const SORT_KEYS = ['name', 'title', 'size', 'modifiedAt', 'source'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface ListingOptions {
  sort: SortKey;
  direction: SortDirection;
  /** Free text matched against name, title, author, maps and Workshop id. */
  filter: string;
  source: 'all' | 'upload' | 'workshop';
}

export const DEFAULT_LISTING: ListingOptions = { sort: 'name', direction: 'asc', filter: '', source: 'all' };

const compareText = (a: string | null, b: string | null) =>
  (a ?? '').localeCompare(b ?? '', undefined, { sensitivity: 'base', numeric: true });

function compare(a: Addon, b: Addon, key: SortKey): number {
  switch (key) {
    case 'size':
      return a.size - b.size;
    case 'modifiedAt':
      return a.modifiedAt - b.modifiedAt;
    case 'title':
      return compareText(a.title ?? a.name, b.title ?? b.name);
    case 'source':
      return compareText(a.source, b.source);
    default:
      return compareText(a.name, b.name);
  }
}

/** The addons a share page shows: filtered, then sorted (ties by name, so the order is stable). */
export function listAddons(addons: Addon[], options: ListingOptions): Addon[] {
  const words = options.filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (addon: Addon) => {
    if (options.source !== 'all' && addon.source !== options.source) return false;
    const haystack = [addon.name, addon.title, addon.details.author, addon.workshopId, ...addon.details.maps]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  };
  const sign = options.direction === 'asc' ? 1 : -1;
  return addons.filter(matches).sort((a, b) => sign * compare(a, b, options.sort) || compareText(a.name, b.name));
}

export type ViewMode = 'list' | 'grid';

/** The :viewMode segment of /admin/shares/:shareId/:viewMode; anything else reads as the list. */
export function parseViewMode(segment: string | undefined): ViewMode {
  return segment === 'grid' ? 'grid' : 'list';
}
