import { can, useSessionStore, useT } from '@outpost/host';
import { TabLinks } from '@outpost/ui';
import { useLocation } from 'react-router';
import manifest from '../manifest';

/** The panel's sections as its route table lists them (the Panel menu's items), in that order. */
export const PANEL_SECTIONS = manifest.routes
  .filter((route) => route.menu === 'panel-dashboard')
  .map(({ name, path, requiredPermission }) => ({ name, path, code: requiredPermission ?? 'panel.view' }));

/**
 * One strip of links over every panel page (the dashboard's sections, imports, federation,
 * webhooks, remotes), each shown only to holders of its permission, the page open marked
 * current: from any of them the others are one click away, as from the Panel menu.
 * `current` names the open section when the path does not (/panel/dashboard opens the first).
 */
export function PanelNav({ current }: { current?: string }) {
  const t = useT();
  const session = useSessionStore((state) => state.session);
  const { pathname } = useLocation();
  const open = current ?? pathname.replace(/\/+$/, '');
  const links = PANEL_SECTIONS.filter((section) => can(session, section.code)).map((section) => ({
    href: section.path,
    // In the reader's language: `panel.common.nav.<route>` is the route's title (its
    // `panel.route.<route>.title`, which only the route table carries; common-nav.test.ts holds them equal).
    label: t(`panel.common.nav.${section.name}`),
    current: section.path === open,
  }));
  if (links.length < 2) return null;
  return <TabLinks label={t('panel.common.nav.label')} links={links} />;
}
