// The discussions sub-door of the discuss-events module (issue 23): what the module's other parts use of
// discussions/. Files outside discussions/ import this, never a file inside it.
export { discussionsRoutes } from './discussions-routes';
export { createReply, createThread } from './discussions-service';
export { countOpenUnread, findThread } from './threads-repository';
