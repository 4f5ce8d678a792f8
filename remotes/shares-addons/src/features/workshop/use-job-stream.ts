import { type WorkshopJob, workshopJobSchema } from '@outpost/contracts';
import { useEffect, useState } from 'react';
import { jobEventsPath } from '../shares-api';

const finished = (job: WorkshopJob) => job.state === 'done' || job.state === 'failed' || job.state === 'cancelled';

/**
 * Follows a Workshop job live over SSE (the job runs on the server: closing the page or
 * reloading loses nothing, the stream starts again with the current state). Starts from
 * `initial` and closes the stream once the job has finished.
 */
export function useJobStream(initial: WorkshopJob | null): WorkshopJob | null {
  const [job, setJob] = useState<WorkshopJob | null>(initial);
  const jobId = initial?.id ?? null;
  const startFinished = initial ? finished(initial) : true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new job id restarts the stream; `initial` is read once per id
  useEffect(() => {
    setJob(initial);
  }, [jobId]);
  useEffect(() => {
    if (!jobId || startFinished || typeof EventSource === 'undefined') return;
    const source = new EventSource(jobEventsPath(jobId), { withCredentials: true });
    source.addEventListener('job', (event) => {
      const parsed = workshopJobSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (!parsed.success) return;
      setJob(parsed.data);
      if (finished(parsed.data)) source.close();
    });
    return () => source.close();
  }, [jobId, startFinished]);
  return job;
}
