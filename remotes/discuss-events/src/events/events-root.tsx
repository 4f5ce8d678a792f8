import { Route, Routes } from 'react-router';
import { EventDetailPage } from './event-detail';
import { EventsList } from './events-list';

/** Everything under /events (the route is nested): the list and :id/:title?. */
export function EventsRoot() {
  return (
    <Routes>
      <Route index element={<EventsList />} />
      <Route path=":id/:title?" element={<EventDetailPage />} />
    </Routes>
  );
}
