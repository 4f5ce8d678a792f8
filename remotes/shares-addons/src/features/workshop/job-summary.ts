import { type WorkshopJob, type WorkshopJobItem, workshopJobProgress } from '@outpost/contracts';
import { i18n } from '@outpost/host';

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

const ITEM_LABELS = {
  pending: 'shares-addons.job.item.pending',
  downloading: 'shares-addons.job.item.downloading',
  done: 'shares-addons.job.item.done',
  skipped: 'shares-addons.job.item.skipped',
  failed: 'shares-addons.job.item.failed',
} satisfies Record<WorkshopJobItem['state'], string>;

/** An item's state in the active locale (the remote's catalog is loaded with its page). */
export const itemLabel = (item: WorkshopJobItem) => i18n._(ITEM_LABELS[item.state]);

/** What the workshop and collection modals say about a job, in the active locale. */
export function summarizeJob(job: WorkshopJob): JobSummary {
  const count = (state: WorkshopJobItem['state']) => job.items.filter((item) => item.state === state).length;
  const done = count('done');
  const skipped = count('skipped');
  const failed = count('failed');
  const total = job.items.length;
  const finished = job.state === 'done' || job.state === 'failed' || job.state === 'cancelled';
  const position = Math.min(total, done + skipped + failed + 1);
  const t = i18n._.bind(i18n);
  const tally = [
    t('shares-addons.job.downloaded', { count: done }),
    skipped ? t('shares-addons.job.skipped', { count: skipped }) : null,
    failed ? t('shares-addons.job.failed', { count: failed }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  const line =
    job.state === 'queued'
      ? t('shares-addons.job.waiting')
      : job.state === 'running'
        ? t('shares-addons.job.running', { position, total })
        : job.state === 'cancelled'
          ? t('shares-addons.job.cancelled', { tally })
          : t('shares-addons.job.finished', { tally });
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
