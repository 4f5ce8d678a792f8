import { describe, expect, it } from 'vitest';
import type { NavEntry } from './build-nav';
import { fitCount, moreMenu } from './nav-overflow';

const link = (key: string): NavEntry => ({ kind: 'link', key, label: key, to: `/${key}`, external: false });

describe('fitCount', () => {
  it('shows every entry when they all fit, without room for More', () => {
    expect(fitCount([100, 100, 100], 300, 90)).toBe(3);
  });

  it('keeps room for the More trigger once one entry does not fit', () => {
    // 300 px: three of 100 fit alone, but with a More of 90 only two do.
    expect(fitCount([100, 100, 100, 100], 300, 90)).toBe(2);
    expect(fitCount([100, 100, 100, 100], 390, 90)).toBe(3);
  });

  it('shows none when not even the first fits beside More', () => {
    expect(fitCount([200, 50], 220, 90)).toBe(0);
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
    const more = moreMenu([link('ghost'), link('slowpoke'), menu, link('last')]);
    expect(more.label).toBe('More');
    expect(more.sections.map((section) => [section.title, section.links.map((item) => item.to)])).toEqual([
      [undefined, ['/ghost', '/slowpoke']],
      ['Panel', ['/health', '/roles', '/webhooks']],
      [undefined, ['/last']],
    ]);
  });
});
