import { DISCUSSION_CATEGORIES, type DiscussionCategory, type DiscussionThread } from '@outpost/contracts';
import { useHost, useT } from '@outpost/host';
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
  const t = useT();
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
    <div className="thread-actions" role="group" aria-label={t('discuss-events.actions.label')}>
      {canEdit && (
        <RouterButtonLink to={`/discuss/${thread.id}/edit`} size="small" icon="edit">
          {t('discuss-events.common.edit')}
        </RouterButtonLink>
      )}
      {canModerate && (
        <>
          <Button
            size="small"
            onClick={() =>
              moderate(
                { isOpen: !thread.isOpen },
                thread.isOpen ? t('discuss-events.actions.closed') : t('discuss-events.actions.reopened'),
              )
            }
          >
            {thread.isOpen ? t('discuss-events.actions.close') : t('discuss-events.actions.reopen')}
          </Button>
          <Button
            size="small"
            onClick={() =>
              moderate(
                { isPinned: !thread.isPinned },
                thread.isPinned ? t('discuss-events.actions.unpinned') : t('discuss-events.actions.pinned'),
              )
            }
          >
            {thread.isPinned ? t('discuss-events.actions.unpin') : t('discuss-events.actions.pin')}
          </Button>
          <span className="thread-move">
            <label htmlFor={moveId}>{t('discuss-events.actions.moveTo')}</label>
            <Select
              id={moveId}
              value={thread.category}
              onChange={(event) => {
                const category = event.target.value as DiscussionCategory;
                void moderate(
                  { category },
                  t('discuss-events.actions.moved', { category: t(`discuss-events.category.${category}`) }),
                );
              }}
            >
              {Object.keys(DISCUSSION_CATEGORIES).map((id) => (
                <option key={id} value={id}>
                  {t(`discuss-events.category.${id}`)}
                </option>
              ))}
            </Select>
          </span>
          <Button size="small" variant="danger" icon="delete" onClick={() => setConfirming(true)}>
            {t('discuss-events.actions.delete')}
          </Button>
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('discuss-events.actions.delete')}
          confirmLabel={t('discuss-events.common.delete')}
          danger
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            const result = await deleteThread(host, thread.id);
            setConfirming(false);
            if (result.ok) {
              host.notify({ level: 'success', message: t('discuss-events.actions.deleted') });
              navigate('/discuss');
            }
          }}
        >
          <p>{t('discuss-events.actions.deleteText', { title: thread.title })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
