import { gameFamily, type Server, type ServerGroup } from '@outpost/contracts/browser';
import { lazy, memo, type ReactNode, Suspense, useState } from 'react';
import { ConnectCommand } from './connect-command';
import { ServerDetails } from './server-details';
import { createLobbyCommand, minecraftAddress, playerCount } from './server-display';
import { ServerName } from './server-name';

// Manage mode is for staff only: its code is fetched when it is switched on, not with `/`.
const ActionButtons = lazy(() => import('../actions/action-buttons').then((m) => ({ default: m.ActionButtons })));

interface Props {
  group: ServerGroup;
  /** Server names link to their manage page; for everyone else they open the public details. */
  canManage: boolean;
  manageMode: boolean;
  /** Rendered in the group's header in manage mode (e.g. 'Create New Instance'). */
  headerActions?: ReactNode;
  onActionRan?: () => void;
}

/**
 * One table per group (SPEC 2): what is shown depends on the game's family. Memoized: the
 * overview re-renders on every tick of its refresh schedule, a group only when its data changes.
 */
export const GroupTable = memo(function GroupTable({
  group,
  canManage,
  manageMode,
  headerActions,
  onActionRan,
}: Props) {
  const isSource = gameFamily(group.game) === 'source';
  const [detailsId, setDetailsId] = useState<string | null>(null);
  // By id, so the open details follow the 15 s refresh.
  const details = group.servers.find((server) => server.id === detailsId);
  const hasLobbies = group.game === 'l4d2';
  return (
    <section className="server-group card" aria-label={group.name}>
      <header className="server-group-header">
        <div>
          <h2>{group.name}</h2>
          {group.description && <p className="muted">{group.description}</p>}
        </div>
        {manageMode && headerActions}
      </header>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Players</th>
              {isSource ? (
                <>
                  <th>Current Map</th>
                  <th>Direct Connect Command</th>
                  {hasLobbies && <th>Create Lobby Command</th>}
                </>
              ) : (
                <th>IP</th>
              )}
              {manageMode && <th>Actions</th>}
            </tr>
          </thead>
          <tbody>
            {group.servers.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  No servers in this group yet.
                </td>
              </tr>
            )}
            {group.servers.map((server) => (
              <tr key={server.id}>
                <td>
                  <ServerName
                    server={server}
                    groupId={group.id}
                    linked={canManage}
                    onShowDetails={() => setDetailsId(server.id)}
                  />
                </td>
                <td>{playerCount(server)}</td>
                {isSource ? (
                  <SourceCells server={server} group={group} />
                ) : (
                  <td>
                    <code>{minecraftAddress(server)}</code>
                  </td>
                )}
                {manageMode && (
                  <td>
                    <Suspense fallback={<span className="muted">…</span>}>
                      <ActionButtons server={server} onRan={onActionRan} />
                    </Suspense>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {details && <ServerDetails server={details} group={group} onClose={() => setDetailsId(null)} />}
    </section>
  );
});

function SourceCells({ server, group }: { server: Server; group: ServerGroup }) {
  const lobby = createLobbyCommand(group.game, server);
  return (
    <>
      <td>{server.status.data?.map ?? '-'}</td>
      <td>
        <ConnectCommand server={server} />
      </td>
      {group.game === 'l4d2' && (
        <td>
          <code>{lobby}</code>
        </td>
      )}
    </>
  );
}
