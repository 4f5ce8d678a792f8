import { GAMES, type Game, type Share, shareDetailResponseSchema, sharesListResponseSchema } from '@outpost/contracts';
import { useCan, useHost, useLoad, useT } from '@outpost/host';
import {
  Button,
  type Column,
  ConfirmDialog,
  EmptyState,
  Field,
  FormActions,
  formatBytes,
  Input,
  LoadState,
  Modal,
  Select,
  Table,
  Toolbar,
} from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useByteUnits } from '../share-view/use-byte-units';
import { createShare, deleteShare, sharePath, sharesPath } from '../shares-api';

const GAME_NAMES: Record<Game, string> = {
  l4d2: 'Left 4 Dead 2',
  tf2: 'Team Fortress 2',
  csgo: 'CS:GO',
  cs2: 'CS2',
  minecraft: 'Minecraft',
};

function NewShareModal({ onCreated, onClose }: { onCreated(share: Share): void; onClose(): void }) {
  const host = useHost();
  const t = useT();
  const [name, setName] = useState('');
  const [game, setGame] = useState<Game>('l4d2');
  const [quota, setQuota] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('shares-addons.list.error.name'));
    const quotaMiB = quota.trim() === '' ? null : Number(quota);
    if (quotaMiB !== null && !(Number.isFinite(quotaMiB) && quotaMiB > 0))
      return setError(t('shares-addons.list.error.quota'));
    setBusy(true);
    const result = await createShare(host, {
      name: name.trim(),
      game,
      quotaBytes: quotaMiB === null ? null : Math.round(quotaMiB * 1024 * 1024),
    });
    setBusy(false);
    if (result.ok && result.data !== true) onCreated(result.data);
  };
  return (
    <Modal title={t('shares-addons.list.new')} onClose={onClose} width="30rem">
      <form onSubmit={submit}>
        <Field label={t('shares-addons.list.new.name')} error={error}>
          {(control) => (
            <Input {...control} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
          )}
        </Field>
        <Field label={t('shares-addons.list.new.game')} hint={t('shares-addons.list.new.gameHint')}>
          {(control) => (
            <Select {...control} value={game} onChange={(event) => setGame(event.target.value as Game)}>
              {GAMES.map((value) => (
                <option key={value} value={value}>
                  {GAME_NAMES[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('shares-addons.list.new.quota')}>
          {(control) => (
            <Input {...control} inputMode="decimal" value={quota} onChange={(event) => setQuota(event.target.value)} />
          )}
        </Field>
        <FormActions submitLabel={t('shares-addons.list.new.submit')} busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function DeleteShareDialog({ share, onDeleted, onCancel }: { share: Share; onDeleted(): void; onCancel(): void }) {
  const host = useHost();
  const t = useT();
  const { state } = useLoad(sharePath(share.id), shareDetailResponseSchema);
  return (
    <ConfirmDialog
      title={t('shares-addons.common.deleteTitle', { name: share.name })}
      confirmLabel={t('shares-addons.list.delete.confirm')}
      danger
      onCancel={onCancel}
      onConfirm={async () => {
        const result = await deleteShare(host, share.id);
        if (result.ok) onDeleted();
      }}
    >
      {state.status !== 'ready'
        ? t('shares-addons.list.delete.body')
        : state.data.addons.length === 0
          ? t('shares-addons.list.delete.noAddons')
          : t('shares-addons.list.delete.addons', {
              count: state.data.addons.length,
              names: namesOf(state.data.addons, t),
            })}
    </ConfirmDialog>
  );
}

/** The first 30 addons' names, and how many more there are. */
function namesOf(addons: { name: string }[], t: ReturnType<typeof useT>): string {
  const names = addons
    .slice(0, 30)
    .map((addon) => addon.name)
    .join(', ');
  return addons.length > 30 ? t('shares-addons.list.delete.more', { names, count: addons.length - 30 }) : names;
}

/** /admin/shares: every share with its usage and groups; staff with shares.manage create and delete them. */
export function SharesList() {
  const t = useT();
  const { state, reload } = useLoad(sharesPath, sharesListResponseSchema);
  const canManage = useCan('shares.manage');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Share | null>(null);
  const [binary] = useByteUnits();
  const columns: Column<Share>[] = [
    {
      key: 'name',
      label: t('shares-addons.list.column.share'),
      phone: 'primary',
      sortValue: (share) => share.name,
      render: (share) => <Link to={`/admin/shares/${encodeURIComponent(share.id)}/list`}>{share.name}</Link>,
    },
    {
      key: 'game',
      label: t('shares-addons.list.column.game'),
      sortValue: (share) => share.game,
      render: (share) => GAME_NAMES[share.game],
    },
    {
      key: 'addons',
      label: t('shares-addons.list.column.addons'),
      sortValue: (share) => share.addonCount,
      render: (share) => share.addonCount,
    },
    {
      key: 'size',
      label: t('shares-addons.list.column.size'),
      sortValue: (share) => share.usedBytes,
      render: (share) =>
        share.quotaBytes !== null
          ? t('shares-addons.common.sizeOf', {
              used: formatBytes(share.usedBytes, { binary }),
              total: formatBytes(share.quotaBytes, { binary }),
            })
          : formatBytes(share.usedBytes, { binary }),
    },
    {
      key: 'groups',
      label: t('shares-addons.list.column.usedBy'),
      render: (share) =>
        share.groups.map((group) => group.name).join(', ') || (
          <span className="muted">{t('shares-addons.list.noGroup')}</span>
        ),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            label: t('shares-addons.list.column.actions'),
            render: (share: Share) => (
              <Button
                variant="danger"
                size="small"
                icon="delete"
                onClick={() => setDeleting(share)}
                aria-label={t('shares-addons.list.delete.aria', { name: share.name })}
              >
                {t('shares-addons.common.delete')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <Toolbar
        actions={
          canManage && (
            <Button variant="primary" icon="plus" onClick={() => setCreating(true)}>
              {t('shares-addons.list.new')}
            </Button>
          )
        }
      />
      <LoadState state={state} what={t('shares-addons.list.what')} onRetry={reload}>
        {({ shares }) => (
          <Table
            caption={t('shares-addons.list.caption')}
            columns={columns}
            rows={shares}
            rowKey={(share) => share.id}
            initialSort={{ key: 'name', direction: 'ascending' }}
            empty={
              <EmptyState>{canManage ? t('shares-addons.list.emptyManage') : t('shares-addons.list.empty')}</EmptyState>
            }
          />
        )}
      </LoadState>
      {creating && (
        <NewShareModal
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            reload();
          }}
        />
      )}
      {deleting && (
        <DeleteShareDialog
          share={deleting}
          onCancel={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            reload();
          }}
        />
      )}
    </>
  );
}
