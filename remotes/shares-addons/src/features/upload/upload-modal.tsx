import type { Game } from '@outpost/contracts';
import { Button, Callout, Field, formatBytes, Input, Modal, Tag } from '@outpost/ui';
import { useEffect, useReducer, useRef } from 'react';
import { EMPTY_QUEUE, nextToUpload, percentOf, type UploadState, uploadQueueReducer } from './upload-queue';
import { type UploadHandle, uploadAddon } from './upload-request';

const STATE_TEXT: Record<UploadState, string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
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
    <Modal title="Upload addons" onClose={onClose} width="40rem" footer={<Button onClick={onClose}>Close</Button>}>
      <Field
        label={`Addon files (${accept})`}
        hint={game === 'minecraft' ? 'Plugin or mod jars' : 'VPK addons; a file with the same name is replaced'}
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
        <ul className="upload-list" aria-label="Uploads">
          {queue.entries.map((entry) => (
            <li key={entry.id} className="upload-entry">
              <div className="upload-head">
                <strong>{entry.name}</strong>
                <Tag tone={TONES[entry.state]}>{STATE_TEXT[entry.state]}</Tag>
                {(entry.state === 'queued' || entry.state === 'uploading') && (
                  <Button size="small" onClick={() => cancel(entry.id)} aria-label={`Cancel ${entry.name}`}>
                    Cancel
                  </Button>
                )}
              </div>
              <progress max={100} value={percentOf(entry.loaded, entry.size)} aria-label={`${entry.name} upload`} />
              <span className="muted">
                {formatBytes(entry.loaded, { binary })} of {formatBytes(entry.size, { binary })}
              </span>
              {entry.error && <Callout tone="danger">{entry.error}</Callout>}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
