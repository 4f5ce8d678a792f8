// The per-instance cache of the site settings, apart from site-settings.ts so that writing a
// setting (settings-repository.ts) can drop it without pulling in the contracts package.

export interface CachedSettings<T> {
  at: number;
  value: Promise<T>;
}

const caches = new WeakMap<object, CachedSettings<unknown>>();

export function cachedSettings<T>(db: object): CachedSettings<T> | undefined {
  return caches.get(db) as CachedSettings<T> | undefined;
}

export function cacheSettings<T>(db: object, entry: CachedSettings<T>): void {
  caches.set(db, entry);
}

/** Drops this instance's cached settings (after a write, or in tests). */
export function forgetSiteSettings(db: object): void {
  caches.delete(db);
}
