import type { Appeal, AppealMessage } from '@outpost/contracts';
import { useT } from '@outpost/host';
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
  const t = useT();
  const playerLabel =
    view === 'player' ? t('players-bans-notes.appeals.conversation.you') : (appeal.playerName ?? appeal.steamid);
  return (
    <ol className="appeal-conversation" aria-label={t('players-bans-notes.appeals.conversation.aria')}>
      <li>
        <article
          className="appeal-message is-player"
          aria-label={t('players-bans-notes.appeals.conversation.statement')}
        >
          <Card>
            <header className="appeal-message-head">
              <strong>{playerLabel}</strong>{' '}
              <span className="muted">
                {view === 'player'
                  ? t('players-bans-notes.appeals.conversation.appealedYou')
                  : t('players-bans-notes.appeals.conversation.appealed')}
              </span>{' '}
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
            aria-label={
              message.internal
                ? t('players-bans-notes.appeals.conversation.internal')
                : message.by === 'player'
                  ? t('players-bans-notes.appeals.conversation.fromPlayer')
                  : t('players-bans-notes.appeals.conversation.fromStaff')
            }
          >
            <Card>
              <header className="appeal-message-head">
                <strong>
                  {message.by === 'player'
                    ? playerLabel
                    : (message.authorName ?? t('players-bans-notes.appeals.conversation.staff'))}
                </strong>
                {message.by === 'staff' && <Tag tone="info">{t('players-bans-notes.appeals.conversation.staff')}</Tag>}
                {message.internal && (
                  <Tag tone="warning" title={t('players-bans-notes.appeals.conversation.staffOnly.title')}>
                    {t('players-bans-notes.appeals.conversation.staffOnly')}
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
