import { serverGroupsResponseSchema } from '@outpost/contracts';
import { useCan, useHost, useLoad } from '@outpost/host';
import { ButtonLink, ErrorState, LoadingState, PageHeader, Tabs } from '@outpost/ui';
import { useState } from 'react';
import { useParams } from 'react-router';
import { DeleteButton } from '../../lib/delete-button';
import { managementApi } from './management-api';
import { ServerForm } from './server-form';
import { ServerOverviewTab } from './server-overview-tab';
import { useLiveServer } from './use-live-server';

type Tab = 'overview' | 'settings';

/** `/admin/servers/:groupId/:serverId`: tab overview (live) and, for managers, settings. */
export function ServerAdmin() {
  const { groupId = '', serverId = '' } = useParams();
  const host = useHost();
  const canManage = useCan('servers.manage');
  const [tab, setTab] = useState<Tab>('overview');
  const { server, loaded, refresh, setServer } = useLiveServer(serverId);
  const groupsLoad = useLoad(canManage ? '/api/servers' : null, serverGroupsResponseSchema);
  const groups = groupsLoad.state.status === 'ready' ? groupsLoad.state.data : [];

  if (!server)
    return loaded ? (
      <ErrorState what={`server '${serverId}'`} message="it does not answer or does not exist" />
    ) : (
      <LoadingState what="the server" />
    );
  const groupPath = `/admin/servers/${encodeURIComponent(groupId)}`;
  return (
    <div className="server-admin">
      <PageHeader
        level={2}
        title={server.name}
        back={
          <ButtonLink href={groupPath} variant="invisible" size="small" icon="previous">
            Back to its group
          </ButtonLink>
        }
      />
      <Tabs
        label={`${server.name}: sections`}
        tabs={[{ id: 'overview', label: 'Overview' }, ...(canManage ? [{ id: 'settings', label: 'Settings' }] : [])]}
        active={tab}
        onChange={(id) => setTab(id as Tab)}
      >
        {tab === 'overview' && <ServerOverviewTab server={server} onActionRan={refresh} />}
        {tab === 'settings' && canManage && (
          <div className="server-settings">
            <ServerForm
              groups={groups}
              server={server}
              onSaved={(saved) => {
                setServer(saved);
                setTab('overview');
              }}
              onCancel={() => setTab('overview')}
            />
            <DeleteButton
              label="Delete server"
              question={`Delete ${server.name}?`}
              onConfirm={async () => {
                if (await managementApi.deleteServer(host, server.id)) {
                  host.notify({ level: 'success', message: `Deleted ${server.name}` });
                  host.navigate(groupPath);
                }
              }}
            />
          </div>
        )}
      </Tabs>
    </div>
  );
}
