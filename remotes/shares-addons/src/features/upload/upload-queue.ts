export type UploadState = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadEntry {
  id: number;
  name: string;
  size: number;
  loaded: number;
  state: UploadState;
  /** The API's message (or the network's) for a failed upload. */
  error: string | null;
}

export type UploadEvent =
  | { type: 'add'; files: Array<{ name: string; size: number }> }
  | { type: 'start'; id: number }
  | { type: 'progress'; id: number; loaded: number }
  | { type: 'done'; id: number }
  | { type: 'failed'; id: number; error: string }
  | { type: 'cancel'; id: number }
  | { type: 'clear-finished' };

export interface UploadQueue {
  entries: UploadEntry[];
  nextId: number;
}

export const EMPTY_QUEUE: UploadQueue = { entries: [], nextId: 1 };

const finished = (state: UploadState) => state === 'done' || state === 'failed' || state === 'cancelled';

/** The upload modal's queue: files upload one at a time, each with its own progress and cancel. */
export function uploadQueueReducer(queue: UploadQueue, event: UploadEvent): UploadQueue {
  const update = (id: number, change: (entry: UploadEntry) => UploadEntry) => ({
    ...queue,
    entries: queue.entries.map((entry) => (entry.id === id ? change(entry) : entry)),
  });
  switch (event.type) {
    case 'add': {
      const added = event.files.map((file, index) => ({
        id: queue.nextId + index,
        name: file.name,
        size: file.size,
        loaded: 0,
        state: 'queued' as const,
        error: null,
      }));
      return { entries: [...queue.entries, ...added], nextId: queue.nextId + added.length };
    }
    case 'start':
      return update(event.id, (entry) => (entry.state === 'queued' ? { ...entry, state: 'uploading' } : entry));
    case 'progress':
      return update(event.id, (entry) =>
        entry.state === 'uploading' ? { ...entry, loaded: Math.min(event.loaded, entry.size) } : entry,
      );
    case 'done':
      return update(event.id, (entry) =>
        entry.state === 'uploading' ? { ...entry, state: 'done', loaded: entry.size } : entry,
      );
    case 'failed':
      return update(event.id, (entry) =>
        finished(entry.state) ? entry : { ...entry, state: 'failed', error: event.error },
      );
    case 'cancel':
      return update(event.id, (entry) => (finished(entry.state) ? entry : { ...entry, state: 'cancelled' }));
    case 'clear-finished':
      return { ...queue, entries: queue.entries.filter((entry) => !finished(entry.state)) };
  }
}

/** The next file to send, when none is being sent. */
export function nextToUpload(queue: UploadQueue): UploadEntry | null {
  if (queue.entries.some((entry) => entry.state === 'uploading')) return null;
  return queue.entries.find((entry) => entry.state === 'queued') ?? null;
}

/** 0..100, for a progress bar. */
export function percentOf(loaded: number, total: number | null): number {
  if (!total || total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)));
}
