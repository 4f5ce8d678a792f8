import { useNotificationStream } from './use-notification-stream';

/**
 * The notification stream as a component, loaded (lazily, by the layout) only while someone is
 * signed in: a visitor's first page carries none of its code.
 */
export default function NotificationStreamHost() {
  useNotificationStream();
  return null;
}
