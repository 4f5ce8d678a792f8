import { Route, Routes } from 'react-router';
import { DiscussionList } from './discussion-list';
import { EditThreadPage, NewThreadPage } from './thread-editor';
import { ThreadPage } from './thread-page';

/** Everything under /discuss (the route is nested): the list, new, :id/edit and :id/:title?. */
export function DiscussRoot() {
  return (
    <Routes>
      <Route index element={<DiscussionList />} />
      <Route path="new" element={<NewThreadPage />} />
      <Route path=":id/edit" element={<EditThreadPage />} />
      <Route path=":id/:title?" element={<ThreadPage />} />
    </Routes>
  );
}
