import type { Appeal, AppealMessage } from '@outpost/contracts';
import { Card, Markdown, RelativeTime, Tag } from '@outpost/ui';

/** The statement, then every message oldest first; staff-only comments are marked as such. */
export function AppealConversation({
  appeal,
  messages,
  view,
}: {
  appeal: Appeal;
  messages: AppealMessage[];
  view: 'player' | 'staff';
}) {
  const playerLabel = view === 'player' ? 'You' : (appeal.playerName ?? appeal.steamid);
  return (
    <ol className="appeal-conversation" aria-label="Conversation">
      <li>
        <article className="appeal-message is-player" aria-label="Statement">
          <Card>
            <header className="appeal-message-head">
              <strong>{playerLabel}</strong> <span className="muted">appealed</span>{' '}
              <RelativeTime value={appeal.createdAt} />
            </header>
            <Markdown text={appeal.statement} className="appeal-message-body" />
          </Card>
        </article>
      </li>
      {messages.map((message) => (
        <li key={message.id}>
          <article
            className={`appeal-message is-${message.by}${message.internal ? ' is-internal' : ''}`}
            aria-label={message.internal ? 'Internal comment' : `Message from ${message.by}`}
          >
            <Card>
              <header className="appeal-message-head">
                <strong>{message.by === 'player' ? playerLabel : (message.authorName ?? 'Staff')}</strong>
                {message.by === 'staff' && <Tag tone="info">Staff</Tag>}
                {message.internal && (
                  <Tag tone="warning" title="Never shown to the player">
                    Staff only
                  </Tag>
                )}
                <RelativeTime value={message.createdAt} />
              </header>
              <Markdown text={message.body} className="appeal-message-body" />
            </Card>
          </article>
        </li>
      ))}
    </ol>
  );
}
