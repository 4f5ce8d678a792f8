// The events sub-door of the discuss-events module (issue 23): what the module's other parts use of
// events/. Files outside events/ import this, never a file inside it.
export { sendDueReminders } from './event-reminders';
export { eventsPlugin } from './events-plugin';
export { createEvent, setRsvpById } from './events-service';
export type { EventsTables } from './events-tables';
