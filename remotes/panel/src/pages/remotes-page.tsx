import '../styles/panel.css';
import { RemoteRoot } from '@outpost/ui';
import { ReleasesView } from '../releases/releases-view';

export default function RemotesPage() {
  return (
    <RemoteRoot id="panel">
      <ReleasesView />
    </RemoteRoot>
  );
}
