import type { WorkshopJob, WorkshopJobItem } from '@outpost/contracts';
import { describe, expect, it } from 'vitest';
import '../../test-support/catalogs';
import { itemLabel, summarizeJob } from './job-summary';

const item = (state: WorkshopJobItem['state'], bytes = 0, totalBytes: number | null = 100): WorkshopJobItem => ({
  workshopId: '1',
  title: null,
  state,
  bytes,
  totalBytes,
  error: null,
  addonId: null,
});
const job = (state: WorkshopJob['state'], items: WorkshopJobItem[]): WorkshopJob => ({
  id: 'j',
  shareId: 's',
  kind: 'collection',
  workshopId: '9',
  title: 'C',
  state,
  items,
  error: null,
  createdBy: null,
  createdAt: 0,
  updatedAt: 0,
});

describe('summarizeJob', () => {
  it('counts items and the running position', () => {
    const summary = summarizeJob(job('running', [item('done'), item('downloading', 50), item('pending')]));
    expect(summary).toMatchObject({ done: 1, total: 3, finished: false, line: 'Downloading 2 of 3', percent: 50 });
  });
  it('says how a finished or cancelled job ended', () => {
    expect(summarizeJob(job('done', [item('done'), item('skipped'), item('failed')])).line).toBe(
      'Finished: 1 downloaded, 1 skipped, 1 failed',
    );
    expect(summarizeJob(job('done', [item('done')])).percent).toBe(100);
    expect(summarizeJob(job('cancelled', [item('done'), item('pending')]))).toMatchObject({
      line: 'Cancelled: 1 downloaded',
      percent: 50,
    });
    expect(summarizeJob(job('queued', [item('pending')])).line).toBe('Waiting to start');
  });
  it('labels items', () => {
    expect(itemLabel(item('skipped'))).toBe('Already in this share');
  });
});
