import { serverGroupsResponseSchema } from '@outpost/contracts';
import { useCan, useHost, useLoad, useT } from '@outpost/host';
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
  const t = useT();
  const host = useHost();
  const canManage = useCan('servers.manage');
  const [tab, setTab] = useState<Tab>('overview');
  const { server, loaded, refresh, setServer } = useLiveServer(serverId);
  const groupsLoad = useLoad(canManage ? '/api/servers' : null, serverGroupsResponseSchema);
  const groups = groupsLoad.state.status === 'ready' ? groupsLoad.state.data : [];

  if (!server)
    return loaded ? (
      <ErrorState what={t('servers.server.what', { serverId })} message={t('servers.server.noAnswer')} />
    ) : (
      <LoadingState what={t('servers.server.whatLoading')} />
    );
  const groupPath = `/admin/servers/${encodeURIComponent(groupId)}`;
  return (
    <div className="server-admin">
      <PageHeader
        level={2}
        title={server.name}
        back={
          <ButtonLink href={groupPath} variant="invisible" size="small" icon="previous">
            {t('servers.server.back')}
          </ButtonLink>
        }
      />
      <Tabs
        label={t('servers.server.sections', { name: server.name })}
        tabs={[
          { id: 'overview', label: t('servers.server.tab.overview') },
          ...(canManage ? [{ id: 'settings', label: t('servers.server.tab.settings') }] : []),
        ]}
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
              label={t('servers.server.delete')}
              question={t('servers.server.deleteQuestion', { name: server.name })}
              onConfirm={async () => {
                if (await managementApi.deleteServer(host, server.id)) {
                  host.notify({ level: 'success', message: t('servers.common.deleted', { name: server.name }) });
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
