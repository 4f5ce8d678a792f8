import type { Warning } from '@outpost/contracts';
import { SLOT, useT, withNode } from '@outpost/host';
import { Card, DateTime, EmptyState, LinkButton, Tag } from '@outpost/ui';

const STATUS: Record<Warning['status'], { label: string; tone: 'warning' | 'neutral' | 'success' }> = {
  active: { label: 'players-bans-notes.warnings.status.active', tone: 'warning' },
  expired: { label: 'players-bans-notes.warnings.status.expired', tone: 'neutral' },
  lifted: { label: 'players-bans-notes.warnings.status.lifted', tone: 'success' },
};

interface Props {
  warnings: Warning[];
  onLift?(warning: Warning): void;
  onDelete?(warning: Warning): void;
}

/** A player's warnings as cards: reason, status, author, when given and until when it counts. */
export function WarningsList({ warnings, onLift, onDelete }: Props) {
  const t = useT();
  if (warnings.length === 0) return <EmptyState>{t('players-bans-notes.warnings.empty')}</EmptyState>;
  return (
    <ul className="notes-list">
      {warnings.map((warning) => {
        const status = STATUS[warning.status];
        return (
          <li key={warning.id} className="note" aria-label={t('players-bans-notes.warnings.aria', { id: warning.id })}>
            <Card>
              <header className="note-header">
                <strong>{warning.reason}</strong>
                <Tag tone={status.tone}>{t(status.label)}</Tag>
                {warning.escalatedBanId !== null && (
                  <Tag tone="danger">{t('players-bans-notes.warnings.ban', { id: warning.escalatedBanId })}</Tag>
                )}
              </header>
              <footer className="note-footer muted">
                <span>
                  {warning.authorName ?? t('players-bans-notes.bans.unknownPlayer')} ·{' '}
                  <DateTime value={warning.createdAt} />
                  {warning.status === 'active' && warning.expiresAt !== null && (
                    <>
                      {' '}
                      ·{' '}
                      {withNode(
                        t('players-bans-notes.warnings.countsUntil', { date: SLOT }),
                        <DateTime value={warning.expiresAt} />,
                      )}
                    </>
                  )}
                  {warning.status === 'lifted' && warning.liftedAt !== null && (
                    <>
                      {' '}
                      ·{' '}
                      {withNode(
                        t('players-bans-notes.warnings.liftedBy', {
                          name: warning.liftedByName ?? t('players-bans-notes.bans.unknownPlayer'),
                          date: SLOT,
                        }),
                        <DateTime value={warning.liftedAt} />,
                      )}
                    </>
                  )}
                </span>
                {onLift && warning.status === 'active' && (
                  <LinkButton onClick={() => onLift(warning)}>{t('players-bans-notes.warnings.lift')}</LinkButton>
                )}
                {onDelete && (
                  <LinkButton danger onClick={() => onDelete(warning)}>
                    {t('players-bans-notes.notes.delete')}
                  </LinkButton>
                )}
              </footer>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
