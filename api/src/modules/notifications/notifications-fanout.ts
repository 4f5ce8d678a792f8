import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { listenReconnecting } from '../../db/pg-listener';
import { isSqlite } from '../../db/schema-helpers';
import { recheckStreamCredentials } from './notification-stream';
import { type InsertedRange, usersInRange } from './notifications-repository';
import { hubFor } from './stream-hub';
import type { NotificationsTables } from './tables';

/** The PostgreSQL channel that tells every API instance "user X has something new". */
export const NOTIFY_CHANNEL = 'outpost_notifications';

/** The application_name of each instance's LISTEN connection. */
export const LISTEN_APPLICATION_NAME = 'outpost-listen';

/** NOTIFY payloads must stay under 8000 bytes: user ids are sent in batches below that. */
const PAYLOAD_LIMIT = 7000;

/** A payload naming a broadcast by its rows' ids: `@<first>-<last>`. */
const RANGE_PAYLOAD = /^@(\d+)-(\d+)$/;

/**
 * Says "these users have new notifications". On PostgreSQL through NOTIFY, so every
 * instance, this one included through its LISTEN connection, wakes its streams: a few users
 * by their ids (joined by commas, batched under the payload limit); a broadcast whose ids
 * would need more than one NOTIFY by the range of ids its rows took (one NOTIFY for 10,000
 * users, whom each listener reads from the range). On SQLite there is one instance: woken
 * directly.
 */
export async function announce(
  db: Kysely<NotificationsTables>,
  userIds: readonly string[],
  range: InsertedRange | null = null,
): Promise<void> {
  if (isSqlite(db)) {
    hubFor(db).wake(userIds);
    return;
  }
  if (range && userIds.reduce((size, userId) => size + userId.length + 1, 0) > PAYLOAD_LIMIT) {
    await sql`select pg_notify(${NOTIFY_CHANNEL}, ${`@${range.firstId}-${range.lastId}`})`.execute(db);
    return;
  }
  let batch: string[] = [];
  let size = 0;
  const flush = async () => {
    if (batch.length > 0) await sql`select pg_notify(${NOTIFY_CHANNEL}, ${batch.join(',')})`.execute(db);
    batch = [];
    size = 0;
  };
  for (const userId of userIds) {
    if (size + userId.length + 1 > PAYLOAD_LIMIT) await flush();
    batch.push(userId);
    size += userId.length + 1;
  }
  await flush();
}

/** The NOTIFY payload saying "a credential ended: recheck your streams" (never a user id). */
const CREDENTIAL_ENDED = '!credential-ended';

/**
 * A session, API key or impersonation ended: every instance rechecks its open streams at
 * once and ends those opened with a credential that no longer holds (issue 9 item 12).
 */
export async function announceCredentialEnd(db: Kysely<NotificationsTables>): Promise<void> {
  if (isSqlite(db)) {
    await recheckStreamCredentials(db);
    return;
  }
  await sql`select pg_notify(${NOTIFY_CHANNEL}, ${CREDENTIAL_ENDED})`.execute(db);
}

/**
 * On PostgreSQL: one LISTEN connection per instance, reconnecting after a drop. After a
 * reconnect every stream is woken, so whatever was announced meanwhile is still sent
 * (streams read the database after their last id; the announcement only says "look").
 */
export function startListening(
  db: Kysely<NotificationsTables>,
  databaseUrl: string,
  log: { warn(message: string): void },
): () => Promise<void> {
  return listenReconnecting({
    databaseUrl,
    applicationName: LISTEN_APPLICATION_NAME,
    channel: NOTIFY_CHANNEL,
    name: 'Notification listener',
    log,
    onPayload: (payload) => {
      if (payload === CREDENTIAL_ENDED) {
        void recheckStreamCredentials(db).catch((error) => log.warn(`Stream credential check failed: ${error}`));
        return;
      }
      const range = RANGE_PAYLOAD.exec(payload);
      if (range) {
        const named = { firstId: Number(range[1]), lastId: Number(range[2]) };
        void usersInRange(db, named)
          .then((userIds) => hubFor(db).wake(userIds))
          .catch((error) => {
            // The rows are stored: every stream of this instance looks for what it has not sent.
            log.warn(`Reading a broadcast's users failed: ${error}`);
            hubFor(db).wake(null);
          });
        return;
      }
      hubFor(db).wake(payload.split(','));
    },
    onConnected: () => hubFor(db).wake(null),
  });
}
