import type { Game } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { Button, Callout, Field, formatBytes, Input, Modal, Tag } from '@outpost/ui';
import { useEffect, useReducer, useRef } from 'react';
import { EMPTY_QUEUE, nextToUpload, percentOf, type UploadState, uploadQueueReducer } from './upload-queue';
import { type UploadHandle, uploadAddon } from './upload-request';

const STATE_TEXT = {
  queued: 'shares-addons.upload.state.queued',
  uploading: 'shares-addons.upload.state.uploading',
  done: 'shares-addons.upload.state.done',
  failed: 'shares-addons.upload.state.failed',
  cancelled: 'shares-addons.upload.state.cancelled',
} satisfies Record<UploadState, string>;
const TONES = { queued: 'light', uploading: 'accent', done: 'success', failed: 'danger', cancelled: 'muted' } as const;

/** The upload modal: files go up one at a time, each with its progress bar and a Cancel. */
export function UploadModal({
  shareId,
  game,
  binary,
  onUploaded,
  onClose,
}: {
  shareId: string;
  game: Game;
  binary: boolean;
  onUploaded(): void;
  onClose(): void;
}) {
  const t = useT();
  const [queue, dispatch] = useReducer(uploadQueueReducer, EMPTY_QUEUE);
  const files = useRef(new Map<number, File>());
  const running = useRef<{ id: number; handle: UploadHandle } | null>(null);
  const accept = game === 'minecraft' ? '.jar' : '.vpk';

  const next = nextToUpload(queue);
  useEffect(() => {
    if (!next || running.current) return;
    const file = files.current.get(next.id);
    if (!file) return;
    dispatch({ type: 'start', id: next.id });
    const handle = uploadAddon(shareId, file, (loaded) => dispatch({ type: 'progress', id: next.id, loaded }));
    running.current = { id: next.id, handle };
    void handle.done.then((result) => {
      running.current = null;
      files.current.delete(next.id);
      if (result.ok) {
        dispatch({ type: 'done', id: next.id });
        onUploaded();
      } else if (result.cancelled) dispatch({ type: 'cancel', id: next.id });
      else dispatch({ type: 'failed', id: next.id, error: result.message });
    });
  }, [next, shareId, onUploaded]);
  // Leaving the modal stops what is still going up (the API removes the partial file).
  useEffect(() => () => running.current?.handle.cancel(), []);

  const cancel = (id: number) => {
    if (running.current?.id === id) running.current.handle.cancel();
    else dispatch({ type: 'cancel', id });
  };
  const add = (list: FileList | null) => {
    if (!list?.length) return;
    const chosen = [...list];
    for (const [index, file] of chosen.entries()) files.current.set(queue.nextId + index, file);
    dispatch({ type: 'add', files: chosen.map((file) => ({ name: file.name, size: file.size })) });
  };

  return (
    <Modal
      title={t('shares-addons.upload.title')}
      onClose={onClose}
      width="40rem"
      footer={<Button onClick={onClose}>{t('shares-addons.common.close')}</Button>}
    >
      <Field
        label={t('shares-addons.upload.files', { accept })}
        hint={game === 'minecraft' ? t('shares-addons.upload.hint.jar') : t('shares-addons.upload.hint.vpk')}
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            multiple
            accept={accept}
            onChange={(event) => {
              add(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
        )}
      </Field>
      {queue.entries.length > 0 && (
        <ul className="upload-list" aria-label={t('shares-addons.upload.list')}>
          {queue.entries.map((entry) => (
            <li key={entry.id} className="upload-entry">
              <div className="upload-head">
                <strong>{entry.name}</strong>
                <Tag tone={TONES[entry.state]}>{t(STATE_TEXT[entry.state])}</Tag>
                {(entry.state === 'queued' || entry.state === 'uploading') && (
                  <Button
                    size="small"
                    onClick={() => cancel(entry.id)}
                    aria-label={t('shares-addons.upload.cancelAria', { name: entry.name })}
                  >
                    {t('shares-addons.common.cancel')}
                  </Button>
                )}
              </div>
              <progress
                max={100}
                value={percentOf(entry.loaded, entry.size)}
                aria-label={t('shares-addons.upload.progressAria', { name: entry.name })}
              />
              <span className="muted">
                {t('shares-addons.common.sizeOf', {
                  used: formatBytes(entry.loaded, { binary }),
                  total: formatBytes(entry.size, { binary }),
                })}
              </span>
              {entry.error && <Callout tone="danger">{entry.error}</Callout>}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
