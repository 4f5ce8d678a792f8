import '../styles/panel.css';
import { RemoteRoot } from '@outpost/ui';
import { WebhooksView } from '../webhooks/webhooks-view';

export default function WebhooksPage() {
  return (
    <RemoteRoot id="panel">
      <WebhooksView />
    </RemoteRoot>
  );
}
