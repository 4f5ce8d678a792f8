import '../styles/panel.css';
import { RemoteRoot } from '@outpost/ui';
import { PanelNav } from '../common/panel-nav';
import { ImportsView } from '../imports/imports-view';

export default function ImportsPage() {
  return (
    <RemoteRoot id="panel">
      <PanelNav />
      <ImportsView />
    </RemoteRoot>
  );
}
