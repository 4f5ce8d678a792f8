import { ADMIN_CHAT_TAG, type LogEntry, REDACTED_MESSAGE } from '@outpost/contracts';
import { SLOT, useT, withNode } from '@outpost/host';
import { type Column, DataTable, DateTime, EmptyState, Tag } from '@outpost/ui';
import { Link } from 'react-router';
import { ManageUserLink } from '../common/manage-user-link';
import { CHAT_TAG, type LogParty, presentLogEntry } from './present-log-entry';

type T = ReturnType<typeof useT>;

function PartyName({ party }: { party: LogParty | null }) {
  const t = useT();
  if (!party) return <span className="muted">{t('players-bans-notes.audit.row.console')}</span>;
  return party.playerId ? <ManageUserLink id={party.playerId}>{party.name}</ManageUserLink> : <span>{party.name}</span>;
}

// The tags and the redaction mark are the SPEC's English words (present-log-entry.ts compares
// them); only how they are shown is translated.
const TAG_KEYS: Record<string, string> = {
  [CHAT_TAG]: 'players-bans-notes.audit.tag.chat',
  [ADMIN_CHAT_TAG]: 'players-bans-notes.audit.tag.adminChat',
};
const shownTag = (t: T, tag: string) => (TAG_KEYS[tag] ? t(TAG_KEYS[tag]) : tag);
const shownRedacted = (t: T, text: string) =>
  text === REDACTED_MESSAGE ? t('players-bans-notes.audit.row.redacted') : text;

/** The columns of one audit/chat log line, presented by the SPEC rules (present-log-entry.ts). */
const logColumns = (t: T): Column<LogEntry>[] => [
  {
    key: 'time',
    label: t('players-bans-notes.audit.column.time'),
    className: 'log-time',
    render: (entry) => (
      <Link to={`/admin/audit/${entry.id}`} title={t('players-bans-notes.audit.row.around')}>
        <DateTime value={entry.timestamp} />
      </Link>
    ),
  },
  {
    key: 'player',
    label: t('players-bans-notes.audit.column.player'),
    render: (entry) => {
      const shown = presentLogEntry(entry);
      return (
        <span className="cell-stack">
          {shown.realClientName ? (
            <span>
              {withNode(
                t('players-bans-notes.common.actingAs', { real: shown.realClientName, shown: SLOT }),
                <PartyName party={shown.client} />,
              )}
            </span>
          ) : (
            <PartyName party={shown.client} />
          )}
          {shown.hasStats && shown.client?.playerId && (
            <ManageUserLink id={shown.client.playerId} tab="overview/stats">
              <Tag tone="neutral">{t('players-bans-notes.audit.row.stats')}</Tag>
            </ManageUserLink>
          )}
        </span>
      );
    },
  },
  {
    key: 'message',
    label: t('players-bans-notes.audit.column.message'),
    phone: 'primary',
    className: 'log-message',
    render: (entry) => {
      const shown = presentLogEntry(entry);
      return (
        <>
          {shown.tag && <Tag tone={shown.tag === CHAT_TAG ? 'success' : 'warning'}>{shownTag(t, shown.tag)}</Tag>}{' '}
          {shown.kind === 'redacted' ? (
            <em className="muted">{shownRedacted(t, shown.text)}</em>
          ) : (
            <span>{shown.text}</span>
          )}
        </>
      );
    },
  },
  {
    key: 'target',
    label: t('players-bans-notes.audit.column.target'),
    render: (entry) => {
      const shown = presentLogEntry(entry);
      return shown.target ? <PartyName party={shown.target} /> : null;
    },
  },
];

/** The log lines; the entry the page is opened around is highlighted (and found by its class). */
export function LogTable({ entries, highlightedId }: { entries: readonly LogEntry[]; highlightedId?: number | null }) {
  const t = useT();
  return (
    <DataTable
      caption={t('players-bans-notes.audit.caption')}
      columns={logColumns(t)}
      rows={entries}
      rowKey={(entry) => String(entry.id)}
      rowClassName={(entry) =>
        `log-entry is-${presentLogEntry(entry).kind} log-entry-${entry.id}${entry.id === highlightedId ? ' is-highlighted' : ''}`
      }
      empty={<EmptyState>{t('players-bans-notes.audit.empty')}</EmptyState>}
    />
  );
}
