import type { PlayerDetail } from '@outpost/contracts';
import { useCan, useT } from '@outpost/host';
import { type Column, DataTable, DateTime, DescriptionList, EmptyState, Tabs } from '@outpost/ui';
import { useNavigate, useParams } from 'react-router';
import { formatPlayTime } from './play-time';
import { PlayerActivity } from './player-activity';
import { PlayerRanks } from './player-ranks';
import { PlayerWhereabouts } from './player-whereabouts';
import { StatsPanel } from './stats-panel';

const SECTIONS = [
  { id: 'summary', label: 'players-bans-notes.players.overview.summary' },
  { id: 'names', label: 'players-bans-notes.players.overview.names' },
  { id: 'servers', label: 'players-bans-notes.players.overview.servers' },
  { id: 'ips', label: 'players-bans-notes.players.overview.ips' },
  { id: 'stats', label: 'players-bans-notes.players.overview.stats' },
] as const;

/** overview/:tab?: summary, names history, servers played, IP history (when sent), stats. */
export function OverviewTab({ player, base, search }: { player: PlayerDetail; base: string; search: string }) {
  const t = useT();
  const { tab = '' } = useParams();
  const navigate = useNavigate();
  const sections = SECTIONS.filter((section) => section.id !== 'ips' || player.ips !== undefined);
  const active = tab === '' ? 'summary' : tab;
  return (
    <div className="overview-tab">
      <Tabs
        label={t('players-bans-notes.players.overview.sections')}
        tabs={sections.map((section) => ({ id: section.id, label: t(section.label) }))}
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
  const t = useT();
  const staff = useCan('players.view');
  switch (section) {
    case 'summary':
      return (
        <div className="player-summary">
          <PlayerWhereabouts player={player} banPath={banPath} />
          <Summary player={player} />
          <section className="player-summary-ranks" aria-label={t('players-bans-notes.players.ranks')}>
            <h3>{t('players-bans-notes.players.ranks')}</h3>
            <PlayerRanks steamid={player.steamid} />
          </section>
          {staff && (
            <section className="player-summary-activity" aria-label={t('players-bans-notes.players.activity')}>
              <h3>{t('players-bans-notes.players.activity')}</h3>
              <PlayerActivity steamid={player.steamid} />
            </section>
          )}
          {player.statsAvailable && (
            <section className="player-summary-stats" aria-label={t('players-bans-notes.players.overview.stats')}>
              <h3>{t('players-bans-notes.players.overview.stats')}</h3>
              <StatsPanel steamid={player.steamid} />
            </section>
          )}
        </div>
      );
    case 'names':
      return (
        <HistoryTable
          caption={t('players-bans-notes.players.overview.names')}
          rows={player.names.map((n) => ({ key: n.name, first: n.name, firstSeen: n.firstSeen, lastSeen: n.lastSeen }))}
          firstLabel={t('players-bans-notes.players.column.name')}
        />
      );
    case 'servers':
      return (
        <HistoryTable
          caption={t('players-bans-notes.players.overview.servers')}
          firstLabel={t('players-bans-notes.players.server')}
          rows={player.servers.map((s) => ({
            key: String(s.serverId),
            first: s.serverName ?? t('players-bans-notes.players.serverRemoved', { id: s.serverId }),
            firstSeen: s.firstSeen,
            lastSeen: s.lastSeen,
            played: formatPlayTime(s.totalTime),
          }))}
        />
      );
    case 'ips':
      return (
        <HistoryTable
          caption={t('players-bans-notes.players.overview.ips')}
          firstLabel={t('players-bans-notes.players.ip')}
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
        <EmptyState>{t('players-bans-notes.players.noStats')}</EmptyState>
      );
    default:
      return null;
  }
}

function Summary({ player }: { player: PlayerDetail }) {
  const t = useT();
  return (
    <DescriptionList
      layout="grid"
      items={[
        { term: 'SteamID64', value: <code>{player.ids.steamid64}</code> },
        { term: 'SteamID', value: <code>{player.ids.steam2}</code> },
        { term: 'SteamID3', value: <code>{player.ids.steam3}</code> },
        { term: t('players-bans-notes.players.firstSeen'), value: <DateTime value={player.firstSeen} /> },
        { term: t('players-bans-notes.players.lastSeen'), value: <DateTime value={player.lastSeen} display="both" /> },
        { term: t('players-bans-notes.players.timePlayed'), value: formatPlayTime(player.totalTime) },
        {
          term: t('players-bans-notes.bans.caption'),
          value: t('players-bans-notes.players.summary.bans', { active: player.activeBans, total: player.totalBans }),
        },
        { term: t('players-bans-notes.notes.caption'), value: String(player.notes) },
        {
          term: t('players-bans-notes.players.summary.account'),
          value: t(
            player.userId ? 'players-bans-notes.players.summary.yes' : 'players-bans-notes.players.summary.never',
          ),
        },
        {
          term: t('players-bans-notes.players.summary.profile'),
          value: (
            <a href={player.ids.profileUrl} target="_blank" rel="noopener noreferrer">
              {t('players-bans-notes.players.summary.steamProfile')}
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
  const t = useT();
  const columns: Column<HistoryRow>[] = [
    { key: 'first', label: firstLabel, phone: 'primary', render: (row) => row.first, sortValue: (row) => row.first },
    {
      key: 'firstSeen',
      label: t('players-bans-notes.players.firstSeen'),
      render: (row) => <DateTime value={row.firstSeen} />,
      sortValue: (row) => row.firstSeen,
    },
    {
      key: 'lastSeen',
      label: t('players-bans-notes.players.lastSeen'),
      render: (row) => <DateTime value={row.lastSeen} />,
      sortValue: (row) => row.lastSeen,
    },
  ];
  if (rows.some((row) => row.played !== undefined))
    columns.push({
      key: 'played',
      label: t('players-bans-notes.players.timePlayed'),
      render: (row) => row.played ?? '',
    });
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      empty={<EmptyState>{t('players-bans-notes.players.nothingYet')}</EmptyState>}
    />
  );
}
