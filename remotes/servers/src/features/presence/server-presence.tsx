import { type ServerPresence, serverPresenceSchema } from '@outpost/contracts';
import { useCan, useLoad } from '@outpost/host';
import { ButtonLink, type Column, DataTable, DateTime, EmptyState, KickAction, LoadState } from '@outpost/ui';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { banFormPath, playerOverviewPath } from './player-paths';

type Connected = ServerPresence['connected'][number];
type Recent = ServerPresence['recent'][number];

/** The name (to the player's overview), the Steam id and the actions (ban; kick for the connected): both lists. */
function playerColumns<T extends { steamid: string; name: string }>(
  here: string,
  canBan: boolean,
  when: Column<T>,
  kick?: (player: T) => ReactNode,
): Column<T>[] {
  return [
    {
      key: 'name',
      label: 'Name',
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
            label: 'Action',
            render: (player: T) => (
              <span className="presence-actions">
                {kick?.(player)}
                {canBan && (
                  <ButtonLink
                    href={banFormPath(player.steamid, here)}
                    variant="danger"
                    size="small"
                    icon="ban"
                    aria-label={`Ban or block ${player.name}`}
                  >
                    Ban or block
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
  const { state, reload } = useLoad(`/api/game-presence/${encodeURIComponent(serverId)}`, serverPresenceSchema);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const canBan = useCan('bans.create');
  const canKick = useCan('players.kick');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newer live status is the reason to ask again
  useEffect(() => reload(), [refreshedAt, reload]);
  return (
    <LoadState state={state} what="who is on this server">
      {(presence) => (
        <>
          {presence.plugin ? (
            <>
              <h3>Connected now</h3>
              <DataTable
                caption="Players connected now (from the plugin's events)"
                columns={playerColumns<Connected>(
                  here,
                  canBan,
                  {
                    key: 'since',
                    label: 'Connected',
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
                empty={<EmptyState>Nobody is connected right now.</EmptyState>}
              />
            </>
          ) : (
            queriedList
          )}
          <h3>Left in the last {presence.recentMinutes} minutes</h3>
          <DataTable
            caption={`Players who left in the last ${presence.recentMinutes} minutes`}
            columns={playerColumns<Recent>(here, canBan, {
              key: 'left',
              label: 'Left',
              render: (player) => <DateTime value={player.lastSeen} display="relative" />,
              sortValue: (player) => player.lastSeen,
            })}
            rows={presence.recent}
            rowKey={(player) => player.steamid}
            empty={
              <EmptyState>
                {presence.plugin
                  ? 'Nobody left recently.'
                  : 'This server has no plugin token: who left, with Steam ids, comes from its plugin.'}
              </EmptyState>
            }
          />
        </>
      )}
    </LoadState>
  );
}
