import type { WorkshopJob } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { Card, formatBytes, Tag } from '@outpost/ui';
import { percentOf } from '../upload/upload-queue';
import { itemLabel, summarizeJob } from './job-summary';

const TONES = { pending: 'light', downloading: 'accent', done: 'success', skipped: 'muted', failed: 'danger' } as const;

/** A job's overall bar and, per item, its state, bytes and error. */
export function JobProgress({ job, binary }: { job: WorkshopJob; binary: boolean }) {
  const t = useT();
  const summary = summarizeJob(job);
  return (
    <Card>
      <div className="job-progress">
        <p className="job-line" aria-live="polite">
          <strong>{job.title ?? t('shares-addons.common.workshopItem', { id: job.workshopId })}</strong>: {summary.line}
        </p>
        <progress
          max={100}
          value={summary.percent}
          aria-label={t('shares-addons.job.progressAria', { title: job.title ?? t('shares-addons.job.defaultTitle') })}
        >
          {summary.percent} %
        </progress>
        <ul className="job-items">
          {job.items.map((item) => (
            <li key={item.workshopId} className="job-item">
              <strong>{item.title ?? item.workshopId}</strong>
              <Tag tone={TONES[item.state]}>{itemLabel(item)}</Tag>
              {item.state === 'downloading' && (
                <>
                  <progress
                    max={100}
                    value={percentOf(item.bytes, item.totalBytes)}
                    aria-label={t('shares-addons.job.downloadAria', { title: item.title ?? item.workshopId })}
                  />
                  <span className="muted">
                    {item.totalBytes
                      ? t('shares-addons.common.sizeOf', {
                          used: formatBytes(item.bytes, { binary }),
                          total: formatBytes(item.totalBytes, { binary }),
                        })
                      : formatBytes(item.bytes, { binary })}
                  </span>
                </>
              )}
              {item.error && <Tag tone="danger">{item.error}</Tag>}
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
