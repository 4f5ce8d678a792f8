import { type WorkshopJob, type WorkshopJobItem, workshopJobProgress } from '@outpost/contracts';

export interface JobSummary {
  percent: number;
  done: number;
  skipped: number;
  failed: number;
  total: number;
  finished: boolean;
  /** One line for the job, e.g. 'Downloading 2 of 5' or 'Finished: 3 downloaded, 1 skipped, 1 failed'. */
  line: string;
}

const ITEM_LABELS: Record<WorkshopJobItem['state'], string> = {
  pending: 'Waiting',
  downloading: 'Downloading',
  done: 'Downloaded',
  skipped: 'Already in this share',
  failed: 'Failed',
};

export const itemLabel = (item: WorkshopJobItem) => ITEM_LABELS[item.state];

/** What the workshop and collection modals say about a job. */
export function summarizeJob(job: WorkshopJob): JobSummary {
  const count = (state: WorkshopJobItem['state']) => job.items.filter((item) => item.state === state).length;
  const done = count('done');
  const skipped = count('skipped');
  const failed = count('failed');
  const total = job.items.length;
  const finished = job.state === 'done' || job.state === 'failed' || job.state === 'cancelled';
  const position = Math.min(total, done + skipped + failed + 1);
  const tally = [`${done} downloaded`, skipped ? `${skipped} skipped` : null, failed ? `${failed} failed` : null]
    .filter(Boolean)
    .join(', ');
  const line =
    job.state === 'queued'
      ? 'Waiting to start'
      : job.state === 'running'
        ? `Downloading ${position} of ${total}`
        : job.state === 'cancelled'
          ? `Cancelled: ${tally}`
          : `Finished: ${tally}`;
  return {
    percent: finished && job.state !== 'cancelled' ? 100 : Math.round(workshopJobProgress(job) * 100),
    done,
    skipped,
    failed,
    total,
    finished,
    line,
  };
}
