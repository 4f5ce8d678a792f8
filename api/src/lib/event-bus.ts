import { type EventKind, type EventPayloads, LISTENERS, type ListenerOf } from './events';

// The typed event bus (issue 23): a module raises an event kind with its payload; the
// listeners lib/events.ts names hear it. Neither side imports the other. One bus per
// database handle, so two apps in one test process never hear each other.

type Handler<K extends EventKind> = (payload: EventPayloads[K]) => void | Promise<void>;

export class EventBus {
  private readonly handlers = new Map<EventKind, { listener: string; handler: Handler<never> }[]>();

  /** Subscribes; the listener must be one LISTENERS names for this kind. Answers the unsubscribe. */
  on<K extends EventKind>(kind: K, listener: ListenerOf<K>, handler: Handler<K>): () => void {
    if (!(LISTENERS[kind] as readonly string[]).includes(listener)) {
      throw new Error(`${listener} is not listed as a listener of ${kind} (lib/events.ts)`);
    }
    const entry = { listener, handler: handler as Handler<never> };
    this.handlers.set(kind, [...(this.handlers.get(kind) ?? []), entry]);
    return () =>
      this.handlers.set(
        kind,
        (this.handlers.get(kind) ?? []).filter((known) => known !== entry),
      );
  }

  /**
   * Test use only: hears these kinds without being a listener of record (a test asserts
   * what was raised). Production code subscribes with `on`.
   */
  observe(kinds: readonly EventKind[], handler: (payload: EventPayloads[EventKind]) => void): void {
    for (const kind of kinds) {
      const entry = { listener: 'test', handler: handler as Handler<never> };
      this.handlers.set(kind, [...(this.handlers.get(kind) ?? []), entry]);
    }
  }

  /**
   * Says it happened, without waiting: a listener's failure (thrown or rejected) is only
   * logged, never thrown into the raiser.
   */
  emit<K extends EventKind>(kind: K, payload: EventPayloads[K]): void {
    for (const { listener, handler } of this.handlers.get(kind) ?? []) {
      try {
        void Promise.resolve((handler as Handler<K>)(payload)).catch((error) => reportFailure(kind, listener, error));
      } catch (error) {
        reportFailure(kind, listener, error);
      }
    }
  }

  /** Runs every listener in turn and waits for each; a failure is thrown to the raiser (its transaction rolls back). */
  async settle<K extends EventKind>(kind: K, payload: EventPayloads[K]): Promise<void> {
    for (const { handler } of this.handlers.get(kind) ?? []) await (handler as Handler<K>)(payload);
  }
}

function reportFailure(kind: string, listener: string, error: unknown): void {
  console.error(`[outpost] ${listener}, hearing ${kind}, failed`, error);
}

const buses = new WeakMap<object, EventBus>();

/** The bus of the app that owns this database handle. */
export function eventBus(db: object): EventBus {
  let bus = buses.get(db);
  if (!bus) {
    bus = new EventBus();
    buses.set(db, bus);
  }
  return bus;
}
