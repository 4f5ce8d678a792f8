import '../styles/panel.css';
import { RemoteRoot } from '@outpost/ui';
import { PanelNav } from '../common/panel-nav';
import { ReleasesView } from '../releases/releases-view';

export default function RemotesPage() {
  return (
    <RemoteRoot id="panel">
      <PanelNav />
      <ReleasesView />
    </RemoteRoot>
  );
}
