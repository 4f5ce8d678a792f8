import { DISCUSSION_CATEGORIES, type DiscussionThread } from '@outpost/contracts';
import { Tag } from '@outpost/ui';

/** A thread's state as tags: pinned, open or closed, new (in the list), its category. */
export function ThreadTags({ thread, inList }: { thread: DiscussionThread; inList?: boolean }) {
  return (
    <span className="thread-tags">
      {thread.isPinned && <Tag tone="warning">Pinned</Tag>}
      {thread.isOpen ? !inList && <Tag tone="success">Open</Tag> : <Tag tone="neutral">Closed</Tag>}
      {inList && thread.unread && <Tag tone="accent">New</Tag>}
      <Tag tone="info">{DISCUSSION_CATEGORIES[thread.category]}</Tag>
    </span>
  );
}
