import type { WorkshopJob } from '@outpost/contracts';
import { SLOT, useHost, useLoader, useT, withNode } from '@outpost/host';
import { Button, LoadState, Modal } from '@outpost/ui';
import { useState } from 'react';
import { lookupWorkshop, startWorkshopJob } from '../shares-api';
import { JobProgress } from './job-progress';
import { useJobStream } from './use-job-stream';

/** The collection modal (collections/:collection/:title?): its items, then their download one by one. */
export function CollectionModal({
  shareId,
  collectionId,
  title,
  binary,
  onFinished,
  onClose,
}: {
  shareId: string;
  collectionId: string;
  title: string;
  binary: boolean;
  onFinished(): void;
  onClose(): void;
}) {
  const host = useHost();
  const t = useT();
  const { state, reload } = useLoader((signal) => lookupWorkshop(host, collectionId, signal), collectionId);
  const [started, setStarted] = useState<WorkshopJob | null>(null);
  const [busy, setBusy] = useState(false);
  const job = useJobStream(started);
  const download = async () => {
    setBusy(true);
    const result = await startWorkshopJob(host, shareId, collectionId);
    setBusy(false);
    if (result.ok && result.data !== true) setStarted(result.data);
  };
  const close = () => {
    if (job) onFinished();
    onClose();
  };
  return (
    <Modal
      title={title || t('shares-addons.collection.title', { id: collectionId })}
      onClose={close}
      width="42rem"
      footer={<Button onClick={close}>{t('shares-addons.common.close')}</Button>}
    >
      {job ? (
        <JobProgress job={job} binary={binary} />
      ) : (
        <LoadState state={state} what={t('shares-addons.collection.what')} onRetry={reload}>
          {(lookup) => (
            <>
              <p>
                {withNode(
                  t('shares-addons.collection.items', { count: lookup.children.length, title: SLOT }),
                  <strong>{lookup.title}</strong>,
                )}
              </p>
              <Button variant="primary" onClick={download} busy={busy}>
                {t('shares-addons.collection.download')}
              </Button>
            </>
          )}
        </LoadState>
      )}
    </Modal>
  );
}
