import type { PlayerDetail } from '@outpost/contracts';
import { SLOT, useCan, useT, withNode } from '@outpost/host';
import { ButtonLink, DateTime, KickAction, StatusBadge } from '@outpost/ui';

/**
 * Where the player is now (issue 25 item 1): "Connected now on <server>" by its plugin's events,
 * else "Last seen on <server> <time>"; with the one action to ban or block them (issue 25 item 6),
 * which opens the usual form on bans/new; and a Kick per server they are connected to (players.kick).
 */
export function PlayerWhereabouts({ player, banPath }: { player: PlayerDetail; banPath: string }) {
  const t = useT();
  const canBan = useCan('bans.create');
  const canKick = useCan('players.kick');
  const connected = player.servers.filter((server) => server.connectedAt !== null);
  const last = player.servers.reduce<PlayerDetail['servers'][number] | null>(
    (latest, server) => (latest === null || server.lastSeen > latest.lastSeen ? server : latest),
    null,
  );
  const serverName = (server: PlayerDetail['servers'][number]) =>
    server.serverName ?? t('players-bans-notes.players.serverRemoved', { id: server.serverId });
  return (
    <section className="player-whereabouts" aria-label={t('players-bans-notes.players.whereabouts')}>
      <ul className="whereabouts-list">
        {connected.map((server) => (
          <li key={server.serverId}>
            <StatusBadge status="player.connected" />{' '}
            {withNode(
              t('players-bans-notes.players.whereabouts.on', { server: SLOT }),
              <strong>{serverName(server)}</strong>,
            )}{' '}
            {withNode(
              t('players-bans-notes.players.whereabouts.since', { date: SLOT }),
              <DateTime value={server.connectedAt as number} display="relative" />,
            )}
            {canKick && (
              <>
                {' '}
                <KickAction
                  serverId={server.serverId}
                  serverName={serverName(server)}
                  player={{ steamid: player.steamid, name: player.name }}
                />
              </>
            )}
          </li>
        ))}
        {connected.length === 0 && last && (
          <li>
            <StatusBadge status="player.left" />{' '}
            {withNode(
              t('players-bans-notes.players.whereabouts.lastSeen', { server: SLOT }),
              <strong>{serverName(last)}</strong>,
            )}{' '}
            <DateTime value={last.lastSeen} display="both" />
          </li>
        )}
        {connected.length === 0 && !last && <li>{t('players-bans-notes.players.whereabouts.never')}</li>}
      </ul>
      {canBan && (
        <ButtonLink href={banPath} variant="danger" size="small" icon="ban">
          {t('players-bans-notes.players.whereabouts.ban')}
        </ButtonLink>
      )}
    </section>
  );
}
