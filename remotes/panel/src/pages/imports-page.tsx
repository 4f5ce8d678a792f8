import '../styles/panel.css';
import { RemoteRoot } from '@outpost/ui';
import { ImportsView } from '../imports/imports-view';

export default function ImportsPage() {
  return (
    <RemoteRoot id="panel">
      <ImportsView />
    </RemoteRoot>
  );
}
