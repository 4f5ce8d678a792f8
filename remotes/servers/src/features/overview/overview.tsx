import type { ServerGroup } from '@outpost/contracts/browser';
import { useCan, useSignedIn } from '@outpost/host';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { GroupTable } from './group-table';
import { HelpBoxes } from './help-boxes';
import { OverviewCountdown } from './overview-countdown';
import { useServerGroups } from './use-server-groups';

// Staff-only code, fetched when first opened.
const CreateInstanceModal = lazy(() =>
  import('../create-instance/create-instance-modal').then((m) => ({ default: m.CreateInstanceModal })),
);

type ModalTarget = { groupId: string | null } | null;

/** `/`: one table per server group, help boxes, and for staff the manage mode. */
export function Overview() {
  const { groups, error, schedule, refresh } = useServerGroups();
  const signedIn = useSignedIn();
  const canCreate = useCan('servers.create-instance');
  const canManage = useCan('servers.manage');
  const [manageMode, setManageMode] = useState(false);
  const [modal, setModal] = useState<ModalTarget>(null);

  const createButton = (group: ServerGroup) =>
    canCreate && group.templateId ? (
      <button type="button" className="button" onClick={() => setModal({ groupId: group.id })}>
        Create New Instance
      </button>
    ) : null;

  return (
    <div className="overview">
      <div className="overview-toolbar">
        <OverviewCountdown schedule={schedule} />
        {signedIn && (
          <div className="overview-staff">
            {canManage && <Link to="/admin/servers">Manage servers</Link>}
            <label className="checkbox">
              <input type="checkbox" checked={manageMode} onChange={(event) => setManageMode(event.target.checked)} />{' '}
              Manage mode
            </label>
            {manageMode && canCreate && (
              <button type="button" className="button is-light" onClick={() => setModal({ groupId: null })}>
                Create New Instance…
              </button>
            )}
          </div>
        )}
      </div>
      {error && (
        <p className="error-text" role="alert">
          Could not refresh the servers: {error}
        </p>
      )}
      {groups === null && !error && <p className="loading">Loading servers…</p>}
      {groups?.length === 0 && <p className="card empty-state">No servers have been added yet.</p>}
      {groups?.map((group) => (
        <GroupTable
          key={group.id}
          group={group}
          canManage={canManage}
          manageMode={manageMode}
          headerActions={createButton(group)}
          onActionRan={refresh}
        />
      ))}
      <HelpBoxes games={groups?.map((group) => group.game) ?? []} />
      {modal && groups && (
        <Suspense fallback={null}>
          <CreateInstanceModal
            groups={groups}
            groupId={modal.groupId}
            onClose={() => setModal(null)}
            onCreated={refresh}
          />
        </Suspense>
      )}
    </div>
  );
}
