import '../styles/panel.css';
import { RemoteRoot } from '@outpost/ui';
import { PanelNav } from '../common/panel-nav';
import { PublishingCard } from '../federation/publishing-card';
import { SubscriptionsCard } from '../federation/subscriptions-card';

// The shell's hero draws the page's title and description (one h1); the cards are its sections.
export default function FederationPage() {
  return (
    <RemoteRoot id="panel">
      <PanelNav />
      <div className="federation-page">
        <PublishingCard />
        <SubscriptionsCard />
      </div>
    </RemoteRoot>
  );
}
