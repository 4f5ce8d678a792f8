import { Callout, LinkButton } from '@outpost/ui';

/** "Your unsaved … was restored." with a way to throw it away, above an editor. */
export function DraftNotice({ what, onDiscard }: { what: string; onDiscard(): void }) {
  return (
    <Callout role="status">
      <span className="draft-notice">
        <span>Your unsaved {what} was restored.</span>
        <LinkButton onClick={onDiscard}>Discard draft</LinkButton>
      </span>
    </Callout>
  );
}
