import '../styles/panel.css';
import { RemoteRoot } from '@outpost/ui';
import { RemotesView } from '../remotes/remotes-view';

export default function RemotesPage() {
  return (
    <RemoteRoot id="panel">
      <RemotesView />
    </RemoteRoot>
  );
}
