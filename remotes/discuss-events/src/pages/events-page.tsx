import '../events/events.css';
import { RemoteRoot } from '@outpost/ui';
import { EventsRoot } from '../events/events-root';

export default function EventsPage() {
  return (
    <RemoteRoot id="discuss-events">
      <EventsRoot />
    </RemoteRoot>
  );
}
