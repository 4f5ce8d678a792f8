import { describe, expect, it } from 'vitest';
import { type LabelledRouteTable, localizeRegistry, localizeRouteTable } from './route-labels';

const table: LabelledRouteTable = {
  id: 'servers',
  contractVersion: '1.0.0',
  routes: [
    {
      name: 'group',
      path: '/admin/servers/:id',
      title: 'Server Group',
      prevRoute: { to: '/admin/servers', label: 'All groups' },
    },
    { name: 'links', path: '/links', title: 'Links', navSection: 'Community' },
    { path: '/unnamed', title: 'Unnamed' },
  ],
  labels: {
    de: {
      group: { title: 'Servergruppe', prevRoute: 'Alle Gruppen' },
      // A label for a field the route has not is no field of it.
      links: { navSection: 'Community', navLabel: 'Links-Menü' },
    },
    ru: { group: { title: 'Группа серверов' } },
  },
};
const { labels: _labels, ...english } = table;

describe('a route table in one locale', () => {
  it('puts in the locale its labels, English where one is missing, links keeping their targets', () => {
    expect(localizeRouteTable(table, 'de')).toEqual({
      ...english,
      routes: [
        { ...english.routes[0], title: 'Servergruppe', prevRoute: { to: '/admin/servers', label: 'Alle Gruppen' } },
        english.routes[1],
        english.routes[2],
      ],
    });
    const russian = localizeRouteTable(table, 'ru');
    expect(russian.routes[0]).toEqual({ ...english.routes[0], title: 'Группа серверов' });
  });

  it('is the English table, without labels, in English and in a locale that has none', () => {
    expect(localizeRouteTable(table, 'en')).toEqual(english);
    expect(localizeRouteTable(table, 'zh-CN')).toEqual(english);
  });

  it('localizes every inlined table of a registry and drops labels that break their schema', () => {
    const broken = { ...english, labels: { de: { group: { title: 42 } } } };
    const registry = [
      { name: 'servers', entry: '/remotes/servers/mf-manifest.json', routeTable: table },
      { name: 'broken', entry: '/remotes/broken/mf-manifest.json', routeTable: broken },
      { name: 'cdn', entry: 'https://cdn.example.org/mf-manifest.json' },
    ];
    expect(localizeRegistry(registry, 'de')).toEqual([
      { ...registry[0], routeTable: localizeRouteTable(table, 'de') },
      { ...registry[1], routeTable: english },
      registry[2],
    ]);
  });
});
