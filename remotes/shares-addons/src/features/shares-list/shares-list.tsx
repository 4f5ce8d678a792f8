import { GAMES, type Game, type Share, shareDetailResponseSchema, sharesListResponseSchema } from '@outpost/contracts';
import { useCan, useHost, useLoad } from '@outpost/host';
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
  const [name, setName] = useState('');
  const [game, setGame] = useState<Game>('l4d2');
  const [quota, setQuota] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Give the share a name');
    const quotaMiB = quota.trim() === '' ? null : Number(quota);
    if (quotaMiB !== null && !(Number.isFinite(quotaMiB) && quotaMiB > 0))
      return setError('The quota is a positive number of MiB, or empty for none');
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
    <Modal title="New share" onClose={onClose} width="30rem">
      <form onSubmit={submit}>
        <Field label="Name" error={error}>
          {(control) => (
            <Input {...control} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
          )}
        </Field>
        <Field label="Game" hint="Decides which files the share takes: VPKs, or jars for Minecraft">
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
        <Field label="Quota in MiB (optional)">
          {(control) => (
            <Input {...control} inputMode="decimal" value={quota} onChange={(event) => setQuota(event.target.value)} />
          )}
        </Field>
        <FormActions submitLabel="Create share" busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function DeleteShareDialog({ share, onDeleted, onCancel }: { share: Share; onDeleted(): void; onCancel(): void }) {
  const host = useHost();
  const { state } = useLoad(sharePath(share.id), shareDetailResponseSchema);
  return (
    <ConfirmDialog
      title={`Delete ${share.name}?`}
      confirmLabel="Delete share"
      danger
      onCancel={onCancel}
      onConfirm={async () => {
        const result = await deleteShare(host, share.id);
        if (result.ok) onDeleted();
      }}
    >
      {state.status !== 'ready' ? (
        'The share and every file in it are deleted.'
      ) : state.data.addons.length === 0 ? (
        'The share holds no addons.'
      ) : (
        <>
          These {state.data.addons.length} addon(s) are deleted with it:{' '}
          {state.data.addons
            .slice(0, 30)
            .map((addon) => addon.name)
            .join(', ')}
          {state.data.addons.length > 30 ? ` and ${state.data.addons.length - 30} more` : ''}.
        </>
      )}
    </ConfirmDialog>
  );
}

/** /admin/shares: every share with its usage and groups; staff with shares.manage create and delete them. */
export function SharesList() {
  const { state, reload } = useLoad(sharesPath, sharesListResponseSchema);
  const canManage = useCan('shares.manage');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Share | null>(null);
  const [binary] = useByteUnits();
  const columns: Column<Share>[] = [
    {
      key: 'name',
      label: 'Share',
      phone: 'primary',
      sortValue: (share) => share.name,
      render: (share) => <Link to={`/admin/shares/${encodeURIComponent(share.id)}/list`}>{share.name}</Link>,
    },
    { key: 'game', label: 'Game', sortValue: (share) => share.game, render: (share) => GAME_NAMES[share.game] },
    { key: 'addons', label: 'Addons', sortValue: (share) => share.addonCount, render: (share) => share.addonCount },
    {
      key: 'size',
      label: 'Size',
      sortValue: (share) => share.usedBytes,
      render: (share) =>
        `${formatBytes(share.usedBytes, { binary })}${share.quotaBytes !== null ? ` of ${formatBytes(share.quotaBytes, { binary })}` : ''}`,
    },
    {
      key: 'groups',
      label: 'Used by',
      render: (share) => share.groups.map((group) => group.name).join(', ') || <span className="muted">No group</span>,
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            label: 'Actions',
            render: (share: Share) => (
              <Button
                variant="danger"
                size="small"
                icon="delete"
                onClick={() => setDeleting(share)}
                aria-label={`Delete ${share.name}`}
              >
                Delete
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
              New share
            </Button>
          )
        }
      />
      <LoadState state={state} what="the shares" onRetry={reload}>
        {({ shares }) => (
          <Table
            caption="Addon shares"
            columns={columns}
            rows={shares}
            rowKey={(share) => share.id}
            initialSort={{ key: 'name', direction: 'ascending' }}
            empty={<EmptyState>No shares yet.{canManage ? ' Create one to upload addons.' : ''}</EmptyState>}
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
