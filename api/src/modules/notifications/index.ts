// The notifications module's door: the SSE stream and the list at /api/auth/notifications.
// Other modules notify users through notificationsService; it fans out over SSE (and
// PostgreSQL LISTEN/NOTIFY between instances).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Door } from '../../db/module-db';
import type { CredentialCheck } from '../../lib/stream-credential';
import { announceCredentialEnd } from './notifications-fanout';
import { notificationsRoutes } from './notifications-routes';
import {
  clearNotifications,
  createNotification,
  createNotificationForUsers,
  listNotifications,
  openStreamCount,
} from './notifications-service';
import type { NotificationsTables } from './tables';

export { actorWords, lengthWords, type NotificationWords } from './notification-words';
/** The PostgreSQL application_name of the LISTEN connection (tests find it by this). */
export { LISTEN_APPLICATION_NAME } from './notifications-fanout';
export type { NewNotification } from './notifications-service';

/** `credentials`: the auth module's check that a stream's session or key still holds (app.ts gives it). */
export const notificationsModule: FastifyPluginAsyncZod<{ credentials: CredentialCheck }> = async (app, options) => {
  await app.register(notificationsRoutes, {
    db: app.db as Kysely<NotificationsTables>,
    credentials: options.credentials,
  });
};

const notificationsDoor = {
  createNotification,
  createNotificationForUsers,
  listNotifications,
  clearNotifications,
  /** Open SSE streams on this instance (for the panel's instance health). */
  openStreamCount,
  /** A session or key ended: every instance closes the streams it opened (issue 9). */
  announceCredentialEnd,
};

/**
 * What other modules ask of notifications. Callers hand over their own view of the database (the same instance, or their
 * transaction); this door sees its own tables through it: the module's one cast.
 */
export const notificationsService = notificationsDoor as unknown as Door<typeof notificationsDoor>;
