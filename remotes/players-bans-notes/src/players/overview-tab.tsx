import type { PlayerDetail } from '@outpost/contracts';
import { formatDate } from '@outpost/ui';
import { NavLink, useParams } from 'react-router';
import { formatPlayTime } from './play-time';
import { StatsPanel } from './stats-panel';

const SECTIONS = [
  { tab: '', label: 'Summary' },
  { tab: 'names', label: 'Names' },
  { tab: 'servers', label: 'Servers' },
  { tab: 'ips', label: 'IPs' },
  { tab: 'stats', label: 'Stats' },
] as const;

/** overview/:tab?: summary, names history, servers played, IP history (when sent), stats. */
export function OverviewTab({ player, base, search }: { player: PlayerDetail; base: string; search: string }) {
  const { tab = '' } = useParams();
  const sections = SECTIONS.filter((section) => section.tab !== 'ips' || player.ips !== undefined);
  return (
    <div className="overview-tab">
      <nav className="subtabs" aria-label="Overview sections">
        {sections.map((section) => (
          <NavLink
            key={section.tab}
            to={`${base}/overview${section.tab ? `/${section.tab}` : ''}${search}`}
            end
            className={() => (tab === section.tab ? 'is-active' : '')}
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      {tab === '' && (
        <>
          <Summary player={player} />
          {player.statsAvailable && (
            <section className="overview-stats" aria-label="Stats">
              <h3>Stats</h3>
              <StatsPanel steamid={player.steamid} />
            </section>
          )}
        </>
      )}
      {tab === 'names' && (
        <HistoryTable
          heads={['Name', 'First seen', 'Last seen']}
          rows={player.names.map((n) => [n.name, formatDate(n.firstSeen), formatDate(n.lastSeen)])}
        />
      )}
      {tab === 'servers' && (
        <HistoryTable
          heads={['Server', 'First seen', 'Last seen', 'Time played']}
          rows={player.servers.map((s) => [
            s.serverName ?? `${s.serverId} (removed)`,
            formatDate(s.firstSeen),
            formatDate(s.lastSeen),
            formatPlayTime(s.totalTime),
          ])}
        />
      )}
      {tab === 'ips' && player.ips && (
        <HistoryTable
          heads={['IP', 'First seen', 'Last seen']}
          rows={player.ips.map((ip) => [ip.ip, formatDate(ip.firstSeen), formatDate(ip.lastSeen)])}
        />
      )}
      {tab === 'stats' &&
        (player.statsAvailable ? (
          <StatsPanel steamid={player.steamid} />
        ) : (
          <p className="muted">No stats service is configured</p>
        ))}
    </div>
  );
}

function Summary({ player }: { player: PlayerDetail }) {
  const rows: [string, string][] = [
    ['SteamID64', player.ids.steamid64],
    ['SteamID', player.ids.steam2],
    ['SteamID3', player.ids.steam3],
    ['First seen', formatDate(player.firstSeen)],
    ['Last seen', formatDate(player.lastSeen)],
    ['Time played', formatPlayTime(player.totalTime)],
    ['Bans', `${player.activeBans} active, ${player.totalBans} in total`],
    ['Notes', String(player.notes)],
    ['Outpost account', player.userId ? 'Yes' : 'Never signed in'],
  ];
  return (
    <dl className="summary">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div>
        <dt>Profile</dt>
        <dd>
          <a href={player.ids.profileUrl} target="_blank" rel="noopener noreferrer">
            Steam profile
          </a>
        </dd>
      </div>
    </dl>
  );
}

function HistoryTable({ heads, rows }: { heads: string[]; rows: string[][] }) {
  if (rows.length === 0) return <p className="muted">Nothing recorded yet.</p>;
  return (
    <table className="table">
      <thead>
        <tr>
          {heads.map((head) => (
            <th key={head}>{head}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.join('|')}>
            {row.map((cell, index) => (
              <td key={heads[index]}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
