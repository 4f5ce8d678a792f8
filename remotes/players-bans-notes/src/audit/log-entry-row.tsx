import type { LogEntry } from '@outpost/contracts';
import { type Column, DataTable, DateTime, EmptyState, Tag } from '@outpost/ui';
import { Link } from 'react-router';
import { ManageUserLink } from '../common/manage-user-link';
import { type LogParty, presentLogEntry } from './present-log-entry';

function PartyName({ party }: { party: LogParty | null }) {
  if (!party) return <span className="muted">Console</span>;
  return party.playerId ? <ManageUserLink id={party.playerId}>{party.name}</ManageUserLink> : <span>{party.name}</span>;
}

/** The columns of one audit/chat log line, presented by the SPEC rules (present-log-entry.ts). */
const columns: Column<LogEntry>[] = [
  {
    key: 'time',
    label: 'Time',
    className: 'log-time',
    render: (entry) => (
      <Link to={`/admin/audit/${entry.id}`} title="Show the entries around this one">
        <DateTime value={entry.timestamp} />
      </Link>
    ),
  },
  {
    key: 'player',
    label: 'Player',
    render: (entry) => {
      const shown = presentLogEntry(entry);
      return (
        <span className="cell-stack">
          {shown.realClientName ? (
            <span>
              {shown.realClientName} (as <PartyName party={shown.client} />)
            </span>
          ) : (
            <PartyName party={shown.client} />
          )}
          {shown.hasStats && shown.client?.playerId && (
            <ManageUserLink id={shown.client.playerId} tab="overview/stats">
              <Tag tone="neutral">Stats</Tag>
            </ManageUserLink>
          )}
        </span>
      );
    },
  },
  {
    key: 'message',
    label: 'Message',
    phone: 'primary',
    className: 'log-message',
    render: (entry) => {
      const shown = presentLogEntry(entry);
      return (
        <>
          {shown.tag && <Tag tone={shown.tag === 'CHAT' ? 'success' : 'warning'}>{shown.tag}</Tag>}{' '}
          {shown.kind === 'redacted' ? <em className="muted">{shown.text}</em> : <span>{shown.text}</span>}
        </>
      );
    },
  },
  {
    key: 'target',
    label: 'Target',
    render: (entry) => {
      const shown = presentLogEntry(entry);
      return shown.target ? <PartyName party={shown.target} /> : null;
    },
  },
];

/** The log lines; the entry the page is opened around is highlighted (and found by its class). */
export function LogTable({ entries, highlightedId }: { entries: readonly LogEntry[]; highlightedId?: number | null }) {
  return (
    <DataTable
      caption="Log entries"
      columns={columns}
      rows={entries}
      rowKey={(entry) => String(entry.id)}
      rowClassName={(entry) =>
        `log-entry is-${presentLogEntry(entry).kind} log-entry-${entry.id}${entry.id === highlightedId ? ' is-highlighted' : ''}`
      }
      empty={<EmptyState>No log entries match.</EmptyState>}
    />
  );
}
