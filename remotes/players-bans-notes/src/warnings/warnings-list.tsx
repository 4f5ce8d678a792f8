import type { Warning } from '@outpost/contracts';
import { Card, DateTime, EmptyState, LinkButton, Tag } from '@outpost/ui';

const STATUS: Record<Warning['status'], { label: string; tone: 'warning' | 'neutral' | 'success' }> = {
  active: { label: 'Active', tone: 'warning' },
  expired: { label: 'Expired', tone: 'neutral' },
  lifted: { label: 'Lifted', tone: 'success' },
};

interface Props {
  warnings: Warning[];
  onLift?(warning: Warning): void;
  onDelete?(warning: Warning): void;
}

/** A player's warnings as cards: reason, status, author, when given and until when it counts. */
export function WarningsList({ warnings, onLift, onDelete }: Props) {
  if (warnings.length === 0) return <EmptyState>No warnings.</EmptyState>;
  return (
    <ul className="notes-list">
      {warnings.map((warning) => {
        const status = STATUS[warning.status];
        return (
          <li key={warning.id} className="note" aria-label={`Warning ${warning.id}`}>
            <Card>
              <header className="note-header">
                <strong>{warning.reason}</strong>
                <Tag tone={status.tone}>{status.label}</Tag>
                {warning.escalatedBanId !== null && <Tag tone="danger">Ban #{warning.escalatedBanId}</Tag>}
              </header>
              <footer className="note-footer muted">
                <span>
                  {warning.authorName ?? 'Unknown'} · <DateTime value={warning.createdAt} />
                  {warning.status === 'active' && warning.expiresAt !== null && (
                    <>
                      {' '}
                      · counts until <DateTime value={warning.expiresAt} />
                    </>
                  )}
                  {warning.status === 'lifted' && warning.liftedAt !== null && (
                    <>
                      {' '}
                      · lifted by {warning.liftedByName ?? 'Unknown'} <DateTime value={warning.liftedAt} />
                    </>
                  )}
                </span>
                {onLift && warning.status === 'active' && <LinkButton onClick={() => onLift(warning)}>Lift</LinkButton>}
                {onDelete && (
                  <LinkButton danger onClick={() => onDelete(warning)}>
                    Delete
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
