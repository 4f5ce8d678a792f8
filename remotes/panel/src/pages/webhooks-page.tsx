import '../styles/panel.css';
import { RemoteRoot } from '@outpost/ui';
import { PanelNav } from '../common/panel-nav';
import { WebhooksView } from '../webhooks/webhooks-view';

export default function WebhooksPage() {
  return (
    <RemoteRoot id="panel">
      <PanelNav />
      <WebhooksView />
    </RemoteRoot>
  );
}
