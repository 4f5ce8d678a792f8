import type { WorkshopJob } from '@outpost/contracts';
import { Card, formatBytes, Tag } from '@outpost/ui';
import { percentOf } from '../upload/upload-queue';
import { itemLabel, summarizeJob } from './job-summary';

const TONES = { pending: 'light', downloading: 'accent', done: 'success', skipped: 'muted', failed: 'danger' } as const;

/** A job's overall bar and, per item, its state, bytes and error. */
export function JobProgress({ job, binary }: { job: WorkshopJob; binary: boolean }) {
  const summary = summarizeJob(job);
  return (
    <Card>
      <div className="job-progress">
        <p className="job-line" aria-live="polite">
          <strong>{job.title ?? `Workshop ${job.workshopId}`}</strong>: {summary.line}
        </p>
        <progress max={100} value={summary.percent} aria-label={`${job.title ?? 'Workshop job'} progress`}>
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
                    aria-label={`${item.title ?? item.workshopId} download`}
                  />
                  <span className="muted">
                    {formatBytes(item.bytes, { binary })}
                    {item.totalBytes ? ` of ${formatBytes(item.totalBytes, { binary })}` : ''}
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
