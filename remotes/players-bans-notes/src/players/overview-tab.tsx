import type { PlayerDetail } from '@outpost/contracts';
import { useCan } from '@outpost/host';
import { type Column, DataTable, DateTime, DescriptionList, EmptyState, Tabs } from '@outpost/ui';
import { useNavigate, useParams } from 'react-router';
import { formatPlayTime } from './play-time';
import { PlayerActivity } from './player-activity';
import { PlayerRanks } from './player-ranks';
import { PlayerWhereabouts } from './player-whereabouts';
import { StatsPanel } from './stats-panel';

const SECTIONS = [
  { id: 'summary', label: 'Summary' },
  { id: 'names', label: 'Names' },
  { id: 'servers', label: 'Servers' },
  { id: 'ips', label: 'IPs' },
  { id: 'stats', label: 'Stats' },
] as const;

/** overview/:tab?: summary, names history, servers played, IP history (when sent), stats. */
export function OverviewTab({ player, base, search }: { player: PlayerDetail; base: string; search: string }) {
  const { tab = '' } = useParams();
  const navigate = useNavigate();
  const sections = SECTIONS.filter((section) => section.id !== 'ips' || player.ips !== undefined);
  const active = tab === '' ? 'summary' : tab;
  return (
    <div className="overview-tab">
      <Tabs
        label="Overview sections"
        tabs={[...sections]}
        active={active}
        onChange={(id) => navigate(`${base}/overview${id === 'summary' ? '' : `/${id}`}${search}`)}
      >
        <OverviewSection player={player} section={active} banPath={`${base}/bans/new${search}`} />
      </Tabs>
    </div>
  );
}

function OverviewSection({ player, section, banPath }: { player: PlayerDetail; section: string; banPath: string }) {
  // The activity timeline is staff's (the API answers it to players.view only), not the player's own page.
  const staff = useCan('players.view');
  switch (section) {
    case 'summary':
      return (
        <div className="player-summary">
          <PlayerWhereabouts player={player} banPath={banPath} />
          <Summary player={player} />
          <section className="player-summary-ranks" aria-label="Leaderboard ranks">
            <h3>Leaderboard ranks</h3>
            <PlayerRanks steamid={player.steamid} />
          </section>
          {staff && (
            <section className="player-summary-activity" aria-label="Activity">
              <h3>Activity</h3>
              <PlayerActivity steamid={player.steamid} />
            </section>
          )}
          {player.statsAvailable && (
            <section className="player-summary-stats" aria-label="Stats">
              <h3>Stats</h3>
              <StatsPanel steamid={player.steamid} />
            </section>
          )}
        </div>
      );
    case 'names':
      return (
        <HistoryTable
          caption="Names"
          rows={player.names.map((n) => ({ key: n.name, first: n.name, firstSeen: n.firstSeen, lastSeen: n.lastSeen }))}
          firstLabel="Name"
        />
      );
    case 'servers':
      return (
        <HistoryTable
          caption="Servers"
          firstLabel="Server"
          rows={player.servers.map((s) => ({
            key: String(s.serverId),
            first: s.serverName ?? `${s.serverId} (removed)`,
            firstSeen: s.firstSeen,
            lastSeen: s.lastSeen,
            played: formatPlayTime(s.totalTime),
          }))}
        />
      );
    case 'ips':
      return (
        <HistoryTable
          caption="IPs"
          firstLabel="IP"
          rows={(player.ips ?? []).map((ip) => ({
            key: ip.ip,
            first: ip.ip,
            firstSeen: ip.firstSeen,
            lastSeen: ip.lastSeen,
          }))}
        />
      );
    case 'stats':
      return player.statsAvailable ? (
        <StatsPanel steamid={player.steamid} />
      ) : (
        <EmptyState>No stats service is configured</EmptyState>
      );
    default:
      return null;
  }
}

function Summary({ player }: { player: PlayerDetail }) {
  return (
    <DescriptionList
      layout="grid"
      items={[
        { term: 'SteamID64', value: <code>{player.ids.steamid64}</code> },
        { term: 'SteamID', value: <code>{player.ids.steam2}</code> },
        { term: 'SteamID3', value: <code>{player.ids.steam3}</code> },
        { term: 'First seen', value: <DateTime value={player.firstSeen} /> },
        { term: 'Last seen', value: <DateTime value={player.lastSeen} display="both" /> },
        { term: 'Time played', value: formatPlayTime(player.totalTime) },
        { term: 'Bans', value: `${player.activeBans} active, ${player.totalBans} in total` },
        { term: 'Notes', value: String(player.notes) },
        { term: 'Outpost account', value: player.userId ? 'Yes' : 'Never signed in' },
        {
          term: 'Profile',
          value: (
            <a href={player.ids.profileUrl} target="_blank" rel="noopener noreferrer">
              Steam profile
            </a>
          ),
        },
      ]}
    />
  );
}

interface HistoryRow {
  key: string;
  first: string;
  firstSeen: number;
  lastSeen: number;
  played?: string;
}

function HistoryTable({ caption, firstLabel, rows }: { caption: string; firstLabel: string; rows: HistoryRow[] }) {
  const columns: Column<HistoryRow>[] = [
    { key: 'first', label: firstLabel, phone: 'primary', render: (row) => row.first, sortValue: (row) => row.first },
    {
      key: 'firstSeen',
      label: 'First seen',
      render: (row) => <DateTime value={row.firstSeen} />,
      sortValue: (row) => row.firstSeen,
    },
    {
      key: 'lastSeen',
      label: 'Last seen',
      render: (row) => <DateTime value={row.lastSeen} />,
      sortValue: (row) => row.lastSeen,
    },
  ];
  if (rows.some((row) => row.played !== undefined))
    columns.push({ key: 'played', label: 'Time played', render: (row) => row.played ?? '' });
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      empty={<EmptyState>Nothing recorded yet.</EmptyState>}
    />
  );
}
