import type { Notification } from '@outpost/contracts';
import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../../db/schema-helpers';
import { toNotification } from './notifications-repository';
import type { NotificationsTables } from './tables';

/** One open stream: whose it is, the last id it sent, and how to send. */
export interface StreamSink {
  userId: string;
  lastId: number;
  /** The reader's language: each notification is drawn in it (issue 27). */
  locale: string;
  send(notification: Notification): void;
}

/**
 * Users per read: SQLite gets an IN list of 500; PostgreSQL one array parameter (`= any`), so
 * a broadcast to 10,000 streams is one or two reads, not twenty round trips.
 */
const USERS_PER_READ = { sqlite: 500, postgres: 5000 };

/**
 * The open streams of one instance, per database. Wake-ups are gathered for one tick and
 * served by ONE read for all woken users (not one per stream), and reads never overlap,
 * so each stream gets every row after its last id exactly once, in order. A broadcast to
 * 5,000 users is ten queries, not 5,000.
 */
class StreamHub {
  private readonly sinks = new Map<string, Set<StreamSink>>();
  private pending = new Set<string>();
  private scheduled = false;
  private reading = false;

  constructor(
    private readonly db: Kysely<NotificationsTables>,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  add(sink: StreamSink): () => void {
    let set = this.sinks.get(sink.userId);
    if (!set) {
      set = new Set();
      this.sinks.set(sink.userId, set);
    }
    set.add(sink);
    return () => {
      set.delete(sink);
      if (set.size === 0) this.sinks.delete(sink.userId);
    };
  }

  /** How many streams are open on this instance (the panel's health page). */
  openStreams(): number {
    let count = 0;
    for (const set of this.sinks.values()) count += set.size;
    return count;
  }

  /** These users may have new rows (null: everyone with an open stream). */
  wake(userIds: Iterable<string> | null): void {
    for (const userId of userIds ?? this.sinks.keys()) if (this.sinks.has(userId)) this.pending.add(userId);
    if (this.pending.size > 0 && !this.scheduled && !this.reading) {
      this.scheduled = true;
      setImmediate(() => void this.read());
    }
  }

  private async read(): Promise<void> {
    this.scheduled = false;
    this.reading = true;
    const users = [...this.pending];
    this.pending = new Set();
    try {
      const perRead = isSqlite(this.db) ? USERS_PER_READ.sqlite : USERS_PER_READ.postgres;
      for (let from = 0; from < users.length; from += perRead) {
        await this.readUsers(users.slice(from, from + perRead));
      }
    } catch (error) {
      this.onError(error);
    } finally {
      this.reading = false;
      // Wake-ups that came in while reading are served by the next read.
      if (this.pending.size > 0) this.wake([]);
    }
  }

  private async readUsers(users: string[]): Promise<void> {
    const sinks = users.flatMap((userId) => [...(this.sinks.get(userId) ?? [])]);
    if (sinks.length === 0) return;
    const after = Math.min(...sinks.map((sink) => sink.lastId));
    const rows = await this.db
      .selectFrom('notifications')
      .selectAll()
      .where(
        isSqlite(this.db)
          ? sql<boolean>`user_id in (${sql.join(users)})`
          : sql<boolean>`user_id = any(${users}::text[])`,
      )
      .where('id', '>', after)
      .orderBy('id', 'asc')
      .execute();
    // Each message drawn once per language for the whole read (a broadcast's rows share one).
    const drawn = new Map<string, string>();
    for (const row of rows) {
      for (const sink of this.sinks.get(row.user_id) ?? []) {
        if (Number(row.id) <= sink.lastId) continue;
        sink.lastId = Number(row.id);
        sink.send(toNotification(row, sink.locale, drawn));
      }
    }
  }
}

const hubs = new WeakMap<Kysely<NotificationsTables>, StreamHub>();

export function hubFor(db: Kysely<NotificationsTables>, onError?: (error: unknown) => void): StreamHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new StreamHub(db, onError);
    hubs.set(db, hub);
  }
  return hub;
}
