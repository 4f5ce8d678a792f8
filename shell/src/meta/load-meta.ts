import { type MetaResponse, metaResponseSchema } from '@outpost/contracts/browser';
import { useMetaStore } from '@outpost/host';

export const META_CACHE_KEY = 'outpost.meta';

/** Shows the cached meta at once (if any), then refreshes it from /api/meta and re-caches. */
export async function loadMeta(): Promise<MetaResponse | null> {
  const cached = readCachedMeta();
  if (cached) useMetaStore.getState().setMeta(cached);
  try {
    const response = await fetch('/api/meta', { credentials: 'include' });
    if (!response.ok) return cached;
    const parsed = metaResponseSchema.safeParse(await response.json());
    if (!parsed.success) return cached;
    useMetaStore.getState().setMeta(parsed.data);
    localStorage.setItem(META_CACHE_KEY, JSON.stringify(parsed.data));
    return parsed.data;
  } catch {
    return cached;
  }
}

function readCachedMeta(): MetaResponse | null {
  try {
    const text = localStorage.getItem(META_CACHE_KEY);
    if (!text) return null;
    const parsed = metaResponseSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
