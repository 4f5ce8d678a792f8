import type { Addon } from '@outpost/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LISTING, listAddons, parseViewMode } from './addon-listing';

const addon = (name: string, extra: Partial<Addon> = {}): Addon => ({
  id: name,
  shareId: 's',
  name,
  title: null,
  size: 1,
  sha256: '',
  modifiedAt: 1,
  source: 'upload',
  workshopId: null,
  details: {
    kind: 'vpk',
    title: null,
    author: null,
    version: null,
    description: null,
    maps: [],
    fileCount: 0,
    metadataFile: null,
    vpkVersion: 1,
  },
  ...extra,
});

describe('listAddons', () => {
  const addons = [
    addon('b.vpk', { size: 30, title: 'Zebra', modifiedAt: 5 }),
    addon('a10.vpk', { size: 10, source: 'workshop', workshopId: '123' }),
    addon('a9.vpk', { size: 20, details: { ...addon('x').details, maps: ['c1m1_hotel'], author: 'Valve' } }),
  ];
  it('sorts by name with numbers in order, and by size or date either way', () => {
    expect(listAddons(addons, DEFAULT_LISTING).map((a) => a.name)).toEqual(['a9.vpk', 'a10.vpk', 'b.vpk']);
    expect(listAddons(addons, { ...DEFAULT_LISTING, sort: 'size', direction: 'desc' }).map((a) => a.size)).toEqual([
      30, 20, 10,
    ]);
    expect(listAddons(addons, { ...DEFAULT_LISTING, sort: 'modifiedAt', direction: 'desc' })[0]?.name).toBe('b.vpk');
  });
  it('filters by words across name, title, author, maps and Workshop id, and by source', () => {
    expect(listAddons(addons, { ...DEFAULT_LISTING, filter: 'hotel' }).map((a) => a.name)).toEqual(['a9.vpk']);
    expect(listAddons(addons, { ...DEFAULT_LISTING, filter: 'valve c1m1' }).map((a) => a.name)).toEqual(['a9.vpk']);
    expect(listAddons(addons, { ...DEFAULT_LISTING, filter: '123' }).map((a) => a.name)).toEqual(['a10.vpk']);
    expect(listAddons(addons, { ...DEFAULT_LISTING, source: 'workshop' }).map((a) => a.name)).toEqual(['a10.vpk']);
    expect(listAddons(addons, { ...DEFAULT_LISTING, filter: 'nothing' })).toEqual([]);
  });
  it('reads the view mode from the URL', () => {
    expect(parseViewMode('grid')).toBe('grid');
    expect(parseViewMode('list')).toBe('list');
    expect(parseViewMode('anything')).toBe('list');
    expect(parseViewMode(undefined)).toBe('list');
  });
});
