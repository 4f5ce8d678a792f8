import {
  gameFamily,
  reportedPlayerCount,
  type Server,
  type ServerGroup,
  serverStatusKind,
} from '@outpost/contracts/browser';
import { DescriptionList, LoadingState, Modal } from '@outpost/ui';
import { lazy, Suspense } from 'react';
import { ConnectCommand } from './connect-command';
import { createLobbyCommand, minecraftAddress, playerCount, STATUS_TOOLTIPS } from './server-display';

// The history (and the chart library it fetches) loads when a visitor opens the details.
const ServerHistory = lazy(() => import('../history/server-history'));

/**
 * A server's public details, for visitors and members who may not manage servers: what the
 * row says plus the names of the players on it (a partial list when the game reports only a
 * sample, as Minecraft does).
 */
export function ServerDetails({ server, group, onClose }: { server: Server; group: ServerGroup; onClose(): void }) {
  const data = server.status.data;
  const isSource = gameFamily(group.game) === 'source';
  const lobby = createLobbyCommand(group.game, server);
  const names = data?.players.map((player) => player.name).filter((name) => name.trim() !== '') ?? [];
  const count = data ? reportedPlayerCount(data) : 0;
  return (
    <Modal title={server.name} onClose={onClose}>
      <DescriptionList
        items={[
          { term: 'Status', value: STATUS_TOOLTIPS[serverStatusKind(server)] },
          { term: 'Group', value: group.name },
          { term: 'Players', value: playerCount(server) },
          ...(isSource
            ? [
                { term: 'Current Map', value: data?.map ?? '-' },
                { term: 'Direct Connect Command', value: <ConnectCommand server={server} /> },
                ...(lobby ? [{ term: 'Create Lobby Command', value: <code>{lobby}</code> }] : []),
              ]
            : [{ term: 'IP', value: <code>{minecraftAddress(server)}</code> }]),
        ]}
      />
      {names.length > 0 && (
        <>
          <h3 className="server-details-heading">
            {names.length < count ? `Some of the ${count} players online` : 'Players online'}
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
      <Suspense fallback={<LoadingState what="the server's history" />}>
        <ServerHistory serverId={server.id} serverName={server.name} />
      </Suspense>
    </Modal>
  );
}
