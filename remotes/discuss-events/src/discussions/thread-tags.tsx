import type { DiscussionThread } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { Tag } from '@outpost/ui';

/** A thread's state as tags: pinned, open or closed, new (in the list), its category. */
export function ThreadTags({ thread, inList }: { thread: DiscussionThread; inList?: boolean }) {
  const t = useT();
  return (
    <span className="thread-tags">
      {thread.isPinned && <Tag tone="warning">{t('discuss-events.tags.pinned')}</Tag>}
      {thread.isOpen ? (
        !inList && <Tag tone="success">{t('discuss-events.tags.open')}</Tag>
      ) : (
        <Tag tone="neutral">{t('discuss-events.tags.closed')}</Tag>
      )}
      {inList && thread.unread && <Tag tone="accent">{t('discuss-events.tags.new')}</Tag>}
      <Tag tone="info">{t(`discuss-events.category.${thread.category}`)}</Tag>
    </span>
  );
}
