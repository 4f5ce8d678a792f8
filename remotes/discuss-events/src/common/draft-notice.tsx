import { useT } from '@outpost/host';
import { Callout, LinkButton } from '@outpost/ui';

/** "Your unsaved reply (or draft) was restored." with a way to throw it away, above an editor. */
export function DraftNotice({ what, onDiscard }: { what: 'reply' | 'draft'; onDiscard(): void }) {
  const t = useT();
  return (
    <Callout role="status">
      <span className="draft-notice">
        <span>
          {what === 'reply' ? t('discuss-events.draft.restoredReply') : t('discuss-events.draft.restoredDraft')}
        </span>
        <LinkButton onClick={onDiscard}>{t('discuss-events.draft.discard')}</LinkButton>
      </span>
    </Callout>
  );
}
