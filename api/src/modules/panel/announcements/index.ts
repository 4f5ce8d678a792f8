// The announcements sub-door of the panel module (issue 23): what the module's other parts use of
// announcements/. Files outside announcements/ import this, never a file inside it.
export { announcementsRoutes } from './announcements-routes';
