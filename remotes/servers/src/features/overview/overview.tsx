import { type ServerGroup, serverActionPermission } from '@outpost/contracts/browser';
import { can, useCan, useHost, useSessionStore, useSignedIn, useT } from '@outpost/host';
import { Button, ButtonLink, Callout, Checkbox, EmptyState, LoadingState, Toolbar } from '@outpost/ui/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { GroupTable, type Sparks } from './group-table';
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
  const t = useT();
  const { groups, error, schedule, refresh, refreshOnCountdown } = useServerGroups();
  const signedIn = useSignedIn();
  const canCreate = useCan('servers.create-instance');
  const canManage = useCan('servers.manage');
  const [manageMode, setManageMode] = useState(false);
  const session = useSessionStore((state) => state.session);
  // Offered only when it does something for this user: an action they may run on a server, or
  // a group they may create an instance in (a member saw a column of "No actions").
  const creatable = canCreate && (groups ?? []).some((group) => group.templateId);
  const runsActions = (groups ?? []).some((group) =>
    group.servers.some((server) =>
      server.actions.some((action) => !action.isHidden && can(session, serverActionPermission(action.command))),
    ),
  );
  const offerManageMode = runsActions || creatable;
  const [modal, setModal] = useState<ModalTarget>(null);
  // Sparklines (issue 28): their code and data are fetched once the table is drawn.
  const host = useHost();
  const [sparks, setSparks] = useState<Sparks>(null);
  const drawn = groups !== null;
  useEffect(() => {
    if (!drawn) return;
    let live = true;
    void import('./sparklines')
      .then((m) => m.loadSparklines(host))
      .then(
        (found) => live && setSparks(found),
        () => {},
      );
    return () => {
      live = false;
    };
  }, [drawn, host]);

  const createButton = (group: ServerGroup) =>
    canCreate && group.templateId ? (
      <Button size="small" icon="plus" onClick={() => setModal({ groupId: group.id })}>
        {t('servers-overview.create')}
      </Button>
    ) : null;

  return (
    <div className="overview">
      <Toolbar
        actions={
          signedIn &&
          (canManage || offerManageMode) && (
            <>
              {canManage && (
                <ButtonLink href="/admin/servers" size="small" variant="invisible" icon="settings">
                  {t('servers-overview.manage')}
                </ButtonLink>
              )}
              {offerManageMode && (
                <Checkbox
                  label={t('servers-overview.manageMode')}
                  checked={manageMode}
                  onChange={(event) => setManageMode(event.target.checked)}
                />
              )}
              {manageMode && creatable && (
                <Button size="small" icon="plus" onClick={() => setModal({ groupId: null })}>
                  {t('servers-overview.createAny')}
                </Button>
              )}
            </>
          )
        }
      >
        <OverviewCountdown schedule={schedule} onElapsed={refreshOnCountdown} />
      </Toolbar>
      {error && (
        <Callout tone="danger" role="alert">
          {t('servers-overview.failed', { error })}
        </Callout>
      )}
      {groups === null && !error && <LoadingState what={t('servers-overview.what')} />}
      {groups?.length === 0 && <EmptyState>{t('servers-overview.none')}</EmptyState>}
      {groups?.map((group) => (
        <GroupTable
          key={group.id}
          group={group}
          canManage={canManage}
          sparks={sparks}
          manageMode={manageMode && runsActions}
          headerActions={manageMode ? createButton(group) : null}
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
