import '../styles/panel.css';
import { PageHeader, RemoteRoot } from '@outpost/ui';
import { PublishingCard } from '../federation/publishing-card';
import { SubscriptionsCard } from '../federation/subscriptions-card';

export default function FederationPage() {
  return (
    <RemoteRoot id="panel">
      <div className="federation-page">
        <PageHeader
          title="Federation"
          description="Communities that vouch for each other: publish a signed feed of your bans, and take the bans of sites you trust."
        />
        <PublishingCard />
        <SubscriptionsCard />
      </div>
    </RemoteRoot>
  );
}
