import { Route, Routes } from 'react-router';
import { DiscussionList } from './discussion-list';
import { EditThreadPage, NewThreadPage } from './thread-editor';
import { ThreadPage } from './thread-page';

/**
 * Everything under /discuss (the route is nested): the list (at /discuss and, as SPEC lists it,
 * /discuss/list), new, :id/edit and :id/:title?. `list` is matched before `:id` so it is never
 * read as a thread id.
 */
export function DiscussRoot() {
  return (
    <Routes>
      <Route index element={<DiscussionList />} />
      <Route path="list" element={<DiscussionList />} />
      <Route path="new" element={<NewThreadPage />} />
      <Route path=":id/edit" element={<EditThreadPage />} />
      <Route path=":id/:title?" element={<ThreadPage />} />
    </Routes>
  );
}
