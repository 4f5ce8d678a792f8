import {
  gameFamily,
  reportedPlayerCount,
  type Server,
  type ServerGroup,
  serverStatusKind,
} from '@outpost/contracts/browser';
import { useT } from '@outpost/host';
import { DescriptionList, LoadingState, Modal } from '@outpost/ui';
import { lazy, Suspense } from 'react';
import { ConnectCommand } from './connect-command';
import { createLobbyCommand, minecraftAddress, playerCount, statusTooltip } from './server-display';

// The history (and the chart library it fetches) loads when a visitor opens the details.
const ServerHistory = lazy(() => import('../history/server-history'));

/**
 * A server's public details, for visitors and members who may not manage servers: what the
 * row says plus the names of the players on it (a partial list when the game reports only a
 * sample, as Minecraft does).
 */
export function ServerDetails({ server, group, onClose }: { server: Server; group: ServerGroup; onClose(): void }) {
  const t = useT();
  const data = server.status.data;
  const isSource = gameFamily(group.game) === 'source';
  const lobby = createLobbyCommand(group.game, server);
  const names = data?.players.map((player) => player.name).filter((name) => name.trim() !== '') ?? [];
  const count = data ? reportedPlayerCount(data) : 0;
  return (
    <Modal title={server.name} onClose={onClose}>
      <DescriptionList
        items={[
          { term: t('servers-overview.details.status'), value: t(statusTooltip(serverStatusKind(server))) },
          { term: t('servers-overview.details.group'), value: group.name },
          { term: t('servers-overview.col.players'), value: playerCount(server) },
          ...(isSource
            ? [
                { term: t('servers-overview.col.map'), value: data?.map ?? '-' },
                { term: t('servers-overview.col.connect'), value: <ConnectCommand server={server} /> },
                ...(lobby ? [{ term: t('servers-overview.col.lobby'), value: <code>{lobby}</code> }] : []),
              ]
            : [{ term: t('servers-overview.col.ip'), value: <code>{minecraftAddress(server)}</code> }]),
        ]}
      />
      {names.length > 0 && (
        <>
          <h3 className="server-details-heading">
            {names.length < count
              ? t('servers-overview.details.some', { count })
              : t('servers-overview.details.online')}
          </h3>
          <ul className="server-details-players">
            {names.map((name, index) => (
              // Names repeat (two players called 'Player'): the position keeps keys unique.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
              <li key={`${index}:${name}`}>{name}</li>
            ))}
          </ul>
        </>
      )}
      <Suspense fallback={<LoadingState what={t('servers-overview.history.what')} />}>
        <ServerHistory serverId={server.id} serverName={server.name} />
      </Suspense>
    </Modal>
  );
}
