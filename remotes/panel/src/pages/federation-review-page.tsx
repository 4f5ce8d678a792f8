import '../styles/panel.css';
import { RemoteRoot } from '@outpost/ui';
import { FederationReviewView } from '../federation/review-view';

export default function FederationReviewPage() {
  return (
    <RemoteRoot id="panel">
      <FederationReviewView />
    </RemoteRoot>
  );
}
