import type { LogEntry } from '@outpost/contracts';
import { formatDate } from '@outpost/ui';
import { Link } from 'react-router';
import { ManageUserLink } from '../common/manage-user-link';
import { type LogParty, presentLogEntry } from './present-log-entry';

function PartyName({ party }: { party: LogParty | null }) {
  if (!party) return <span className="muted">Console</span>;
  return party.playerId ? <ManageUserLink id={party.playerId}>{party.name}</ManageUserLink> : <span>{party.name}</span>;
}

/** One audit/chat log line, presented by the SPEC rules (present-log-entry.ts). */
export function LogEntryRow({ entry, highlighted }: { entry: LogEntry; highlighted?: boolean }) {
  const shown = presentLogEntry(entry);
  return (
    <tr className={`log-entry is-${shown.kind}${highlighted ? ' is-highlighted' : ''}`} data-entry-id={entry.id}>
      <td className="log-time">
        <Link to={`/admin/audit/${entry.id}`} title="Show the entries around this one">
          {formatDate(entry.timestamp)}
        </Link>
      </td>
      <td>
        {shown.realClientName ? (
          <>
            {shown.realClientName} (as <PartyName party={shown.client} />)
          </>
        ) : (
          <PartyName party={shown.client} />
        )}
        {shown.hasStats && shown.client?.playerId && (
          <>
            {' '}
            <ManageUserLink id={shown.client.playerId} tab="overview/stats">
              <span className="tag is-light">Stats</span>
            </ManageUserLink>
          </>
        )}
      </td>
      <td className="log-message">
        {shown.tag && <span className={shown.tag === 'CHAT' ? 'tag is-chat' : 'tag is-admin-chat'}>{shown.tag}</span>}{' '}
        {shown.kind === 'redacted' ? <em className="muted">{shown.text}</em> : <span>{shown.text}</span>}
      </td>
      <td>{shown.target ? <PartyName party={shown.target} /> : null}</td>
    </tr>
  );
}
