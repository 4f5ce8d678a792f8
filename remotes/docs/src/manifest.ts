import type { RouteIcon } from '@outpost/contracts';
import { defineRemote, type RemoteRoute } from '@outpost/host';
import { notBuiltYetPage } from '@outpost/ui';

function docsPage(path: string, title: string, description: string, extra: Partial<RemoteRoute> = {}): RemoteRoute {
  return {
    name: `docs-${title.toLowerCase().replaceAll(' ', '-')}`,
    path,
    title,
    description,
    icon: 'book' as RouteIcon,
    nav: true,
    searchable: true,
    load: notBuiltYetPage(title),
    ...extra,
  };
}

/** Documentation: commands, cvars, maps, rules and tutorials. */
export default defineRemote({
  id: 'docs',
  routes: [
    {
      ...docsPage('/docs', 'Documentation', 'How to play and moderate on our servers'),
      navLabel: 'Docs',
      topLevel: true,
    },
    docsPage('/docs/commands/:command?', 'Commands', 'Chat and console commands'),
    docsPage('/docs/cvars', 'Cvars', 'Console variables'),
    docsPage('/docs/maps', 'Maps', 'Maps on our servers'),
    docsPage('/docs/ftt', 'First Time Tips', 'What new players should know'),
    docsPage('/docs/extraplayers', 'Extra Players', 'How extra player slots work'),
    docsPage('/docs/targetting', 'Targetting', 'How to target players in commands'),
    docsPage('/docs/notes', 'Notes', 'Notes about our servers'),
    docsPage('/docs/props', 'Props', 'Props you can spawn'),
    docsPage('/docs/rules', 'Rules', 'Server rules'),
    docsPage('/docs/keybinds', 'Keybinds', 'Useful key bindings'),
    docsPage('/docs/tutorials/:id?', 'Tutorials', 'Step-by-step tutorials', { aliases: ['/docs/tutorial/:id?'] }),
  ],
});
