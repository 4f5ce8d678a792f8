import { managedServerGroupSchema, serverGroupsResponseSchema } from '@outpost/contracts';
import { useCan, useHost, useLoad } from '@outpost/host';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmButton } from '../../lib/confirm-button';
import { GroupForm } from './group-form';
import { managementApi } from './management-api';
import { ServerForm } from './server-form';
import { ServersTable } from './servers-table';

const CreateInstanceModal = lazy(() =>
  import('../create-instance/create-instance-modal').then((m) => ({ default: m.CreateInstanceModal })),
);

type Panel = 'none' | 'edit-group' | 'add-server' | 'create-instance';

/** `/admin/servers/:groupId`: one group, its servers and actions, and editing it. */
export function GroupAdmin() {
  const { groupId = '' } = useParams();
  const host = useHost();
  const canManage = useCan('servers.manage');
  const canCreate = useCan('servers.create-instance');
  const groupsLoad = useLoad('/api/servers', serverGroupsResponseSchema);
  const groups = { data: groupsLoad.state.status === 'ready' ? groupsLoad.state.data : null, ...groupsLoad };
  const managedLoad = useLoad(
    canManage ? `/api/servers/groups/${encodeURIComponent(groupId)}` : null,
    managedServerGroupSchema,
  );
  const managed = { data: managedLoad.state.status === 'ready' ? managedLoad.state.data : null, ...managedLoad };
  const [panel, setPanel] = useState<Panel>('none');
  const group = groups.data?.find((candidate) => candidate.id === groupId);

  if (groups.state.status === 'loading') return <p className="loading">Loading the group…</p>;
  if (!group) return <p className="card error-text">There is no server group '{groupId}'.</p>;
  const reload = () => {
    groups.reload();
    managed.reload();
  };

  return (
    <div className="group-admin">
      <section className="card">
        <h2>{group.name}</h2>
        {group.description && <p className="muted">{group.description}</p>}
        <p>
          Game <strong>{group.game}</strong> · type <strong>{group.type}</strong>
          {group.templateId && (
            <>
              {' '}
              · template <code>{group.templateId}</code>
            </>
          )}{' '}
          · {group.servers.length} servers
        </p>
        <div className="form-actions">
          {canManage && managed.data && (
            <button type="button" className="button is-light" onClick={() => setPanel('edit-group')}>
              Edit group
            </button>
          )}
          {canManage && (
            <button type="button" className="button is-light" onClick={() => setPanel('add-server')}>
              Add server
            </button>
          )}
          {canCreate && group.templateId && (
            <button type="button" className="button" onClick={() => setPanel('create-instance')}>
              Create New Instance
            </button>
          )}
          {canManage && (
            <ConfirmButton
              label="Delete group"
              question={`Delete ${group.name} and its ${group.servers.length} servers?`}
              onConfirm={async () => {
                if (await managementApi.deleteGroup(host, group.id)) {
                  host.notify({ level: 'success', message: `Deleted ${group.name}` });
                  host.navigate('/admin/servers');
                }
              }}
            />
          )}
        </div>
      </section>
      {panel === 'edit-group' && managed.data && (
        <GroupForm
          group={managed.data}
          onSaved={() => {
            setPanel('none');
            reload();
          }}
          onCancel={() => setPanel('none')}
        />
      )}
      {panel === 'add-server' && (
        <ServerForm
          groups={groups.data ?? []}
          groupId={group.id}
          onSaved={() => {
            setPanel('none');
            reload();
          }}
          onCancel={() => setPanel('none')}
        />
      )}
      {panel === 'create-instance' && (
        <Suspense fallback={null}>
          <CreateInstanceModal
            groups={groups.data ?? []}
            groupId={group.id}
            onClose={() => setPanel('none')}
            onCreated={reload}
          />
        </Suspense>
      )}
      <ServersTable groups={[group]} onActionRan={groups.reload} />
    </div>
  );
}
