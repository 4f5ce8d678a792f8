import { describe, expect, it } from 'vitest';
import { cacheControlFor } from './cache-policy';

describe('cacheControlFor', () => {
  it('caches hashed assets for a year', () => {
    expect(cacheControlFor('/x/static/js/index.3f9a1c2e77.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/static/css/async/a.367759d927.css')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates everything else, so a published remote shows on the next load', () => {
    expect(cacheControlFor('/x/index.html')).toBe('no-cache');
    expect(cacheControlFor('/x/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
  });
});
