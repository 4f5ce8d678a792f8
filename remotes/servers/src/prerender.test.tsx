// @vitest-environment node
// The overview as the server draws it for a visitor (api/src/web/prerender): no DOM, no
// effects, its data from the shell (HostApi.takePrefetched) as in a browser's first render.
import { i18n } from '@outpost/host';
import { createTestHost } from '@outpost/host/testing';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { pages } from './prerender';
import { makeGroup, makeServer } from './test-support/fixtures';

describe("the servers remote's prerendered pages", () => {
  it("draws the overview's every group and server row from the route's data", () => {
    const groups = [
      makeGroup({
        id: 'g1',
        name: 'Left 4 Dead 2',
        servers: [makeServer({ id: 's1', name: 'Coop #1' }), makeServer({ id: 's2', name: 'Versus #1' })],
      }),
      makeGroup({ id: 'g2', name: 'Team Fortress 2', servers: [makeServer({ id: 's3', name: '2Fort 24/7' })] }),
    ];
    createTestHost(() => new Response(null, { status: 500 }), { prefetched: { '/api/servers': groups } });
    const Page = pages['/'].default;
    const html = renderToString(<Page />);
    for (const name of ['Left 4 Dead 2', 'Team Fortress 2', 'Coop #1', 'Versus #1', '2Fort 24/7'])
      expect(html).toContain(name);
    expect(
      html
        .match(/<tbody>.*?<\/tbody>/g)
        ?.join('')
        .match(/<tr>/g),
    ).toHaveLength(3);
    expect(html).not.toContain('Loading servers');
  });

  afterEach(() => i18n.activate('en'));

  it("draws the overview in the visitor's locale (the shell's prerender activates it), English as in the SPEC", () => {
    const groups = [makeGroup({ id: 'g1', name: 'Coop', servers: [makeServer({ id: 's1', name: 'Coop #1' })] })];
    createTestHost(() => new Response(null, { status: 500 }), { prefetched: { '/api/servers': groups } });
    const Page = pages['/'].default;
    const english = renderToString(<Page />);
    for (const text of ['Direct Connect Command', 'How do I join a server?', 'Server has players online'])
      expect(english).toContain(text);
    i18n.activate('de');
    const german = renderToString(<Page />);
    for (const text of ['Direkter Verbindungsbefehl', 'Wie trete ich einem Server bei?', 'Beitreten'])
      expect(german).toContain(text);
    expect(german).not.toContain('servers-overview.');
    i18n.activate('ru');
    expect(renderToString(<Page />)).toContain('Команда для подключения');
  });

  it('draws its loading state without data: the browser then fetches as usual', () => {
    createTestHost(() => new Response(null, { status: 500 }));
    const Page = pages['/'].default;
    expect(renderToString(<Page />)).toContain('Loading servers…');
  });
});
