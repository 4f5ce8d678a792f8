import { serverGroupsResponseSchema } from '@outpost/contracts';
import { useLoad, useT } from '@outpost/host';
import { LoadState } from '@outpost/ui/core';
import { ServersTable } from './servers-table';

/** `/admin/servers-legacy`: the classic view, every server of every group in one compact table. */
export function ServersLegacy() {
  const t = useT();
  const { state, reload } = useLoad('/api/servers', serverGroupsResponseSchema);
  return (
    <LoadState state={state} what={t('servers.legacy.what')} onRetry={reload}>
      {(groups) => <ServersTable groups={groups} showGroup onActionRan={reload} />}
    </LoadState>
  );
}
