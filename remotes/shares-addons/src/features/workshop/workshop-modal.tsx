import { parseWorkshopId, type WorkshopJob, type WorkshopLookup } from '@outpost/contracts';
import { useHost, useT } from '@outpost/host';
import { Button, Field, formatBytes, Input, Modal } from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { lookupWorkshop, startWorkshopJob } from '../shares-api';
import { JobProgress } from './job-progress';
import { useJobStream } from './use-job-stream';

/**
 * The workshop-download modal (prefilled from the URL's :url?): look the item up, download it
 * into the share and follow it live. A collection moves on to the collection modal.
 */
export function WorkshopModal({
  shareId,
  initialUrl,
  binary,
  onCollection,
  onFinished,
  onClose,
}: {
  shareId: string;
  initialUrl: string;
  binary: boolean;
  onCollection(lookup: WorkshopLookup): void;
  onFinished(): void;
  onClose(): void;
}) {
  const host = useHost();
  const t = useT();
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [lookup, setLookup] = useState<WorkshopLookup | null>(null);
  const [started, setStarted] = useState<WorkshopJob | null>(null);
  const job = useJobStream(started);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    if (!parseWorkshopId(url)) return setError(t('shares-addons.workshop.error.url'));
    setBusy(true);
    setError(null);
    const result = await lookupWorkshop(host, url);
    setBusy(false);
    if (result.status === 'failed') return setError(result.failure.message);
    if (result.status !== 'ready') return;
    if (result.data.kind === 'collection') return onCollection(result.data);
    setLookup(result.data);
  };
  const download = async () => {
    if (!lookup) return;
    setBusy(true);
    const result = await startWorkshopJob(host, shareId, lookup.id);
    setBusy(false);
    if (result.ok && result.data !== true) setStarted(result.data);
  };
  const done = job && (job.state === 'done' || job.state === 'failed' || job.state === 'cancelled');
  const close = () => {
    if (done) onFinished();
    onClose();
  };

  return (
    <Modal
      title={t('shares-addons.workshop.title')}
      onClose={close}
      width="40rem"
      footer={<Button onClick={close}>{t('shares-addons.common.close')}</Button>}
    >
      {!started && (
        <form onSubmit={find} className="workshop-form">
          <Field label={t('shares-addons.workshop.url')} error={error}>
            {(control) => (
              <Input
                {...control}
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                placeholder="https://steamcommunity.com/sharedfiles/filedetails/?id=…"
              />
            )}
          </Field>
          <Button type="submit" icon="search" busy={busy}>
            {t('shares-addons.workshop.lookUp')}
          </Button>
        </form>
      )}
      {lookup && !started && (
        <div className="workshop-found">
          <p>
            <strong>{lookup.title}</strong>
            {lookup.size !== null && <span className="muted"> ({formatBytes(lookup.size, { binary })})</span>}
          </p>
          <Button variant="primary" onClick={download} busy={busy}>
            {t('shares-addons.workshop.download')}
          </Button>
        </div>
      )}
      {job && <JobProgress job={job} binary={binary} />}
    </Modal>
  );
}
