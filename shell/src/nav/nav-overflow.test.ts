import { describe, expect, it } from 'vitest';
import type { NavEntry } from './build-nav';
import { fitEntries, moreMenu, rowPriority } from './nav-overflow';

const link = (key: string): NavEntry => ({ kind: 'link', key, label: key, to: `/${key}`, external: false });

const inOrder = (count: number) => Array.from({ length: count }, (_, index) => index);

describe('fitEntries', () => {
  it('shows every entry when they all fit, without room for More', () => {
    expect(fitEntries([100, 100, 100], 300, 90, inOrder(3))).toEqual([true, true, true]);
  });

  it('keeps room for the More trigger once one entry does not fit', () => {
    // 300 px: three of 100 fit alone, but with a More of 90 only two do.
    expect(fitEntries([100, 100, 100, 100], 300, 90, inOrder(4))).toEqual([true, true, false, false]);
    expect(fitEntries([100, 100, 100, 100], 390, 90, inOrder(4))).toEqual([true, true, true, false]);
  });

  it('shows none when not even the first fits beside More', () => {
    expect(fitEntries([200, 50], 220, 90, inOrder(2))).toEqual([false, false]);
  });

  it('keeps the most wanted in the row, wherever they stand', () => {
    // The last entry first: it stays, the site's pages give way from the right.
    expect(fitEntries([100, 100, 100, 100], 390, 90, [3, 0, 1, 2])).toEqual([true, true, false, true]);
  });
});

describe('rowPriority', () => {
  it('puts the staff tools first, then the site pages from the left', () => {
    const entries = [{ group: 'site' }, { group: 'site' }, { group: 'staff' }, {}, { group: 'staff' }] as const;
    expect(rowPriority(entries)).toEqual([2, 4, 0, 1, 3]);
  });
});

describe('moreMenu', () => {
  it('keeps links as links and turns each menu into a titled section, in order', () => {
    const menu: NavEntry = {
      kind: 'dropdown',
      key: 'panel',
      label: 'Panel',
      to: '/health',
      sections: [
        { key: 'site', title: 'Site', links: [link('health') as never, link('roles') as never] },
        { key: 'delivery', title: 'Delivery', links: [link('webhooks') as never] },
      ],
    };
    const more = moreMenu([link('ghost'), link('slowpoke'), menu, link('last')], {
      label: 'More',
      description: 'More sections',
    });
    expect(more.label).toBe('More');
    expect(more.description).toBe('More sections');
    expect(more.sections.map((section) => [section.title, section.links.map((item) => item.to)])).toEqual([
      [undefined, ['/ghost', '/slowpoke']],
      ['Panel', ['/health', '/roles', '/webhooks']],
      [undefined, ['/last']],
    ]);
  });
});
