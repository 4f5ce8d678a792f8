import '../events/events.css';
import { EventsRoot } from '../events/events-root';

export default function EventsPage() {
  return <EventsRoot />;
}
