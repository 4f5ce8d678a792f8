import { managedServerGroupSchema, serverGroupsResponseSchema } from '@outpost/contracts';
import { useCan, useHost, useLoad, useT } from '@outpost/host';
import { Button, Card, DescriptionList, EmptyState, ErrorState, LoadingState } from '@outpost/ui';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { DeleteButton } from '../../lib/delete-button';
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
  const t = useT();
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

  if (groups.state.status === 'loading') return <LoadingState what={t('servers.group.what')} />;
  if (groups.state.status === 'failed')
    return <ErrorState what={t('servers.group.what')} message={groups.state.failure.message} onRetry={groups.reload} />;
  if (!group)
    return <EmptyState title={t('servers.group.missingTitle')}>{t('servers.group.missing', { groupId })}</EmptyState>;
  const reload = () => {
    groups.reload();
    managed.reload();
  };

  return (
    <div className="group-admin">
      <Card
        title={group.name}
        description={group.description || undefined}
        actions={
          <div className="group-admin-actions">
            {canManage && managed.data && (
              <Button icon="edit" onClick={() => setPanel('edit-group')}>
                {t('servers.group.edit')}
              </Button>
            )}
            {canManage && (
              <Button icon="plus" onClick={() => setPanel('add-server')}>
                {t('servers.group.addServer')}
              </Button>
            )}
            {canCreate && group.templateId && (
              <Button variant="primary" icon="plus" onClick={() => setPanel('create-instance')}>
                {t('servers.common.createInstance')}
              </Button>
            )}
            {canManage && (
              <DeleteButton
                label={t('servers.group.delete')}
                question={t('servers.group.deleteQuestion', { name: group.name, count: group.servers.length })}
                onConfirm={async () => {
                  if (await managementApi.deleteGroup(host, group.id)) {
                    host.notify({ level: 'success', message: t('servers.common.deleted', { name: group.name }) });
                    host.navigate('/admin/servers');
                  }
                }}
              />
            )}
          </div>
        }
      >
        <DescriptionList
          items={[
            { term: t('servers.common.game'), value: group.game },
            { term: t('servers.common.type'), value: group.type },
            ...(group.templateId
              ? [{ term: t('servers.group.template'), value: <code>{group.templateId}</code> }]
              : []),
            { term: t('servers.common.servers'), value: group.servers.length },
          ]}
        />
      </Card>
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
