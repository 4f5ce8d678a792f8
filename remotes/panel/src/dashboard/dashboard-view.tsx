import { can, useSessionStore, useT } from '@outpost/host';
import { EmptyState, RemoteRoot } from '@outpost/ui';
import { useLocation, useSearchParams } from 'react-router';
import { PanelNav } from '../common/panel-nav';
import { AlertsTab } from './alerts-tab';
import { AnnouncementsTab } from './announcements-tab';
import { GameServersTab } from './game-servers-tab';
import { HealthTab } from './health-tab';
import { RolesTab } from './roles-tab';
import { SettingsTab } from './settings-tab';

/** The dashboard's sections, each shown only to holders of its permission (the API checks again). */
export const DASHBOARD_TABS = [
  { id: 'settings', label: 'Site settings', code: 'panel.settings', Panel: SettingsTab },
  { id: 'roles', label: 'Roles', code: 'panel.roles', Panel: RolesTab },
  { id: 'game-servers', label: 'Game servers', code: 'servers.tokens', Panel: GameServersTab },
  { id: 'announcements', label: 'Announcements', code: 'panel.announce', Panel: AnnouncementsTab },
  { id: 'alerts', label: 'Alerts', code: 'panel.alerts', Panel: AlertsTab },
  { id: 'health', label: 'Health', code: 'panel.view', Panel: HealthTab },
] as const;

/** The tab a path names: /panel/roles (each section's own route, linked from the Panel menu). */
function tabInPath(pathname: string): string | undefined {
  return /^\/panel\/([a-z-]+)\/?$/.exec(pathname)?.[1];
}

/**
 * /panel/dashboard and /panel/<tab>: the tab in the path (or the older ?tab=roles) so a section
 * can be linked and survives a reload. The panel's section strip (PanelNav) links every panel
 * page, these and the others alike.
 */
export function DashboardView() {
  const t = useT();
  const session = useSessionStore((state) => state.session);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const tabs = DASHBOARD_TABS.filter((tab) => can(session, tab.code));
  const wanted = params.get('tab') ?? tabInPath(pathname);
  const active = tabs.find((tab) => tab.id === wanted) ?? tabs[0];
  if (!active) {
    return (
      <RemoteRoot id="panel">
        <EmptyState>{t('panel.dashboard.noPermissions')}</EmptyState>
      </RemoteRoot>
    );
  }
  const Panel = active.Panel;
  return (
    <RemoteRoot id="panel" className="panel-dashboard">
      <PanelNav current={`/panel/${active.id}`} />
      <Panel />
    </RemoteRoot>
  );
}
