import { DISCUSSION_CATEGORIES, type DiscussionCategory, type DiscussionThread } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { Button, ConfirmDialog, Select } from '@outpost/ui';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { RouterButtonLink } from '../common/router-button-link';
import { deleteThread, moderateThread } from './discussions-api';

/** The author's Edit and a moderator's close, pin, move and delete, above the thread. */
export function ThreadActions({
  thread,
  canEdit,
  canModerate,
  onChanged,
}: {
  thread: DiscussionThread;
  canEdit: boolean;
  canModerate: boolean;
  onChanged(): void;
}) {
  const host = useHost();
  const navigate = useNavigate();
  const moveId = useId();
  const [confirming, setConfirming] = useState(false);
  if (!canEdit && !canModerate) return null;
  const moderate = async (change: Parameters<typeof moderateThread>[2], message: string) => {
    const result = await moderateThread(host, thread.id, change);
    if (result.ok) {
      host.notify({ level: 'success', message });
      onChanged();
    }
  };
  return (
    <div className="thread-actions" role="group" aria-label="Discussion actions">
      {canEdit && (
        <RouterButtonLink to={`/discuss/${thread.id}/edit`} size="small" icon="edit">
          Edit
        </RouterButtonLink>
      )}
      {canModerate && (
        <>
          <Button
            size="small"
            onClick={() =>
              moderate({ isOpen: !thread.isOpen }, thread.isOpen ? 'Discussion closed' : 'Discussion reopened')
            }
          >
            {thread.isOpen ? 'Close' : 'Reopen'}
          </Button>
          <Button
            size="small"
            onClick={() =>
              moderate({ isPinned: !thread.isPinned }, thread.isPinned ? 'Discussion unpinned' : 'Discussion pinned')
            }
          >
            {thread.isPinned ? 'Unpin' : 'Pin'}
          </Button>
          <span className="thread-move">
            <label htmlFor={moveId}>Move to</label>
            <Select
              id={moveId}
              value={thread.category}
              onChange={(event) => {
                const category = event.target.value as DiscussionCategory;
                void moderate({ category }, `Discussion moved to ${DISCUSSION_CATEGORIES[category]}`);
              }}
            >
              {Object.entries(DISCUSSION_CATEGORIES).map(([id, label]) => (
                <option key={id} value={id}>
                  {label}
                </option>
              ))}
            </Select>
          </span>
          <Button size="small" variant="danger" icon="delete" onClick={() => setConfirming(true)}>
            Delete discussion
          </Button>
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete discussion"
          confirmLabel="Delete"
          danger
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            const result = await deleteThread(host, thread.id);
            setConfirming(false);
            if (result.ok) {
              host.notify({ level: 'success', message: 'Discussion deleted' });
              navigate('/discuss');
            }
          }}
        >
          <p>Delete “{thread.title}”? It disappears for everyone; the audit log keeps a record and the text is kept.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
