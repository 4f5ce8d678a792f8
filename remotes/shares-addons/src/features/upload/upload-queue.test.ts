import { describe, expect, it } from 'vitest';
import { EMPTY_QUEUE, nextToUpload, percentOf, type UploadEvent, uploadQueueReducer } from './upload-queue';

const run = (events: UploadEvent[]) => events.reduce(uploadQueueReducer, EMPTY_QUEUE);

describe('upload queue', () => {
  it('sends files one at a time with their progress', () => {
    let queue = run([
      {
        type: 'add',
        files: [
          { name: 'a.vpk', size: 100 },
          { name: 'b.vpk', size: 50 },
        ],
      },
    ]);
    expect(nextToUpload(queue)?.name).toBe('a.vpk');
    queue = run([
      {
        type: 'add',
        files: [
          { name: 'a.vpk', size: 100 },
          { name: 'b.vpk', size: 50 },
        ],
      },
      { type: 'start', id: 1 },
      { type: 'progress', id: 1, loaded: 40 },
    ]);
    expect(queue.entries[0]).toMatchObject({ state: 'uploading', loaded: 40 });
    expect(nextToUpload(queue)).toBeNull();
    queue = uploadQueueReducer(queue, { type: 'done', id: 1 });
    expect(queue.entries[0]).toMatchObject({ state: 'done', loaded: 100 });
    expect(nextToUpload(queue)?.name).toBe('b.vpk');
  });

  it('cancels queued or running files, keeps failures, and clears finished ones', () => {
    let queue = run([
      {
        type: 'add',
        files: [
          { name: 'a.vpk', size: 10 },
          { name: 'b.vpk', size: 10 },
          { name: 'c.vpk', size: 10 },
        ],
      },
      { type: 'start', id: 1 },
      { type: 'cancel', id: 1 },
      { type: 'cancel', id: 2 },
      { type: 'start', id: 3 },
      { type: 'failed', id: 3, error: 'The VPK file is truncated' },
      // Late events for a finished file change nothing.
      { type: 'progress', id: 1, loaded: 5 },
      { type: 'done', id: 1 },
    ]);
    expect(queue.entries.map((entry) => entry.state)).toEqual(['cancelled', 'cancelled', 'failed']);
    expect(queue.entries[2]?.error).toBe('The VPK file is truncated');
    expect(nextToUpload(queue)).toBeNull();
    queue = uploadQueueReducer(queue, { type: 'clear-finished' });
    expect(queue.entries).toEqual([]);
  });

  it('turns bytes into a bounded percentage', () => {
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(500, 200)).toBe(100);
    expect(percentOf(5, null)).toBe(0);
    expect(percentOf(5, 0)).toBe(0);
  });
});
