import { type ServerPresence, serverPresenceSchema } from '@outpost/contracts';
import { useCan, useLoad, useT } from '@outpost/host';
import { ButtonLink, type Column, DataTable, DateTime, EmptyState, KickAction, LoadState } from '@outpost/ui';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { banFormPath, playerOverviewPath } from './player-paths';

type Connected = ServerPresence['connected'][number];
type Recent = ServerPresence['recent'][number];
type T = ReturnType<typeof useT>;

/** The name (to the player's overview), the Steam id and the actions (ban; kick for the connected): both lists. */
function playerColumns<P extends { steamid: string; name: string }>(
  t: T,
  here: string,
  canBan: boolean,
  when: Column<P>,
  kick?: (player: P) => ReactNode,
): Column<P>[] {
  return [
    {
      key: 'name',
      label: t('servers.presence.name'),
      phone: 'primary',
      render: (player) => <Link to={playerOverviewPath(player.steamid, here)}>{player.name}</Link>,
      sortValue: (player) => player.name,
    },
    { key: 'steamid', label: 'SteamID64', render: (player) => <code>{player.steamid}</code> },
    when,
    ...(canBan || kick
      ? [
          {
            key: 'ban',
            label: t('servers.presence.action'),
            render: (player: P) => (
              <span className="presence-actions">
                {kick?.(player)}
                {canBan && (
                  <ButtonLink
                    href={banFormPath(player.steamid, here)}
                    variant="danger"
                    size="small"
                    icon="ban"
                    aria-label={t('servers.presence.banOrBlockPlayer', { name: player.name })}
                  >
                    {t('servers.presence.banOrBlock')}
                  </ButtonLink>
                )}
              </span>
            ),
          },
        ]
      : []),
  ];
}

/**
 * Who is on this server by its plugin's events (Steam ids) and who left it recently, with one
 * action to ban or block each (and to kick the connected, players.kick) (staff with players.view; GET /api/game-presence/{id}). Reloaded
 * whenever the server's live status is (`refreshedAt`). Without a plugin, `children` (the
 * status query's names) stands in for the connected list.
 */
export function ServerPresencePanel({
  serverId,
  refreshedAt,
  queriedList,
}: {
  serverId: string;
  refreshedAt: number | null;
  queriedList: ReactNode;
}) {
  const t = useT();
  const { state, reload } = useLoad(`/api/game-presence/${encodeURIComponent(serverId)}`, serverPresenceSchema);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const canBan = useCan('bans.create');
  const canKick = useCan('players.kick');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newer live status is the reason to ask again
  useEffect(() => reload(), [refreshedAt, reload]);
  return (
    <LoadState state={state} what={t('servers.presence.what')}>
      {(presence) => (
        <>
          {presence.plugin ? (
            <>
              <h3>{t('servers.presence.connectedNow')}</h3>
              <DataTable
                caption={t('servers.presence.connectedCaption')}
                columns={playerColumns<Connected>(
                  t,
                  here,
                  canBan,
                  {
                    key: 'since',
                    label: t('servers.presence.connected'),
                    render: (player) => <DateTime value={player.connectedAt} display="relative" />,
                    sortValue: (player) => player.connectedAt,
                  },
                  canKick
                    ? (player) => (
                        <KickAction
                          serverId={presence.serverId}
                          serverName={presence.serverName}
                          player={player}
                          onKicked={reload}
                        />
                      )
                    : undefined,
                )}
                rows={presence.connected}
                rowKey={(player) => player.steamid}
                empty={<EmptyState>{t('servers.presence.nobodyConnected')}</EmptyState>}
              />
            </>
          ) : (
            queriedList
          )}
          <h3>{t('servers.presence.leftTitle', { minutes: presence.recentMinutes })}</h3>
          <DataTable
            caption={t('servers.presence.leftCaption', { minutes: presence.recentMinutes })}
            columns={playerColumns<Recent>(t, here, canBan, {
              key: 'left',
              label: t('servers.presence.left'),
              render: (player) => <DateTime value={player.lastSeen} display="relative" />,
              sortValue: (player) => player.lastSeen,
            })}
            rows={presence.recent}
            rowKey={(player) => player.steamid}
            empty={
              <EmptyState>
                {presence.plugin ? t('servers.presence.nobodyLeft') : t('servers.presence.noPlugin')}
              </EmptyState>
            }
          />
        </>
      )}
    </LoadState>
  );
}
