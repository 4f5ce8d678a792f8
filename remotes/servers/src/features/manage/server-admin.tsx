import { serverGroupsResponseSchema } from '@outpost/contracts';
import { useCan, useHost, useLoad } from '@outpost/host';
import { Icon } from '@outpost/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmButton } from '../../lib/confirm-button';
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
  const groups = { data: groupsLoad.state.status === 'ready' ? groupsLoad.state.data : null };

  if (!server)
    return loaded ? (
      <p className="card error-text">Could not load server '{serverId}'.</p>
    ) : (
      <p className="loading">Loading the server…</p>
    );
  return (
    <div className="server-admin card">
      <h2>{server.name}</h2>
      <p>
        <Link to={`/admin/servers/${encodeURIComponent(groupId)}`}>
          <Icon name="previous" /> Back to its group
        </Link>
      </p>
      <div className="tabs" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'overview'}
          className={tab === 'overview' ? 'is-active' : ''}
          onClick={() => setTab('overview')}
        >
          Overview
        </button>
        {canManage && (
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'settings'}
            className={tab === 'settings' ? 'is-active' : ''}
            onClick={() => setTab('settings')}
          >
            Settings
          </button>
        )}
      </div>
      {tab === 'overview' && <ServerOverviewTab server={server} onActionRan={refresh} />}
      {tab === 'settings' && canManage && (
        <>
          <ServerForm
            groups={groups.data ?? []}
            server={server}
            onSaved={(saved) => {
              setServer(saved);
              setTab('overview');
            }}
            onCancel={() => setTab('overview')}
          />
          <ConfirmButton
            label="Delete server"
            question={`Delete ${server.name}?`}
            onConfirm={async () => {
              if (await managementApi.deleteServer(host, server.id)) {
                host.notify({ level: 'success', message: `Deleted ${server.name}` });
                host.navigate(`/admin/servers/${encodeURIComponent(groupId)}`);
              }
            }}
          />
        </>
      )}
    </div>
  );
}
