import { EventEmitter } from 'node:events';

// Events one module raises and another reacts to, without either importing the other:
// the servers module says "a sweep ended" or "an instance was created or failed"; the
// panel turns that into alerts and health figures. One emitter per database handle, so
// two apps in one test process never hear each other.

export interface SweepFinished {
  /** Seconds since the epoch when the sweep ended. */
  at: number;
  durationMs: number;
  servers: number;
  answered: number;
  /** Every swept server's online state. */
  statuses: { id: string; online: boolean }[];
}

export interface InstanceOutcome {
  groupName: string;
  ok: boolean;
  /** The new server's name when ok, the reason when not. */
  detail: string;
  serverId: string | null;
}

interface ServerEventMap {
  'sweep-finished': [SweepFinished];
  'instance-outcome': [InstanceOutcome];
}

const emitters = new WeakMap<object, EventEmitter<ServerEventMap>>();

export function serverEvents(db: object): EventEmitter<ServerEventMap> {
  let emitter = emitters.get(db);
  if (!emitter) {
    emitter = new EventEmitter<ServerEventMap>();
    emitter.setMaxListeners(50);
    emitters.set(db, emitter);
  }
  return emitter;
}
