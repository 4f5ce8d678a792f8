import { type Ban, bansListResponseSchema, type PlayerDetail } from '@outpost/contracts';
import { queryString, SLOT, useCan, useLoad, useT, withNode } from '@outpost/host';
import { Button, Card, DateTime, DescriptionList, LoadState } from '@outpost/ui';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BanForm } from '../bans/ban-form';
import { formatDuration } from '../bans/ban-length';
import { BanStatus } from '../bans/ban-status';
import { BansTable } from '../bans/bans-table';
import { UnbanDialog } from '../bans/unban-dialog';
import { banAdmin, banLift, banReason, banScopeName } from '../common/ban-words';

type Dialog = { kind: 'create' } | { kind: 'edit'; ban: Ban } | { kind: 'unban'; ban: Ban } | null;

/**
 * bans/:banid?: the player's whole ban history (nothing is deleted), one ban opened when named.
 * bans/new (`newBanClosesTo`): the same tab with the ban / comm-block form open on the player (the
 * "Ban or block" action of a server page or the overview); closing the form goes there.
 */
export function PlayerBansTab({
  player,
  onChanged,
  newBanClosesTo,
}: {
  player: PlayerDetail;
  onChanged(): void;
  newBanClosesTo?: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { banid } = useParams();
  const selectedId = banid ? Number(banid) : undefined;
  const { state, reload } = useLoad(
    `/api/bans${queryString({ steamid: player.steamid, status: 'all', limit: 100 })}`,
    bansListResponseSchema,
  );
  const canCreate = useCan('bans.create');
  const [dialog, setDialog] = useState<Dialog>(newBanClosesTo && canCreate ? { kind: 'create' } : null);
  const closeDialog = () => {
    setDialog(null);
    if (newBanClosesTo) navigate(newBanClosesTo, { replace: true });
  };
  const canEdit = useCan('bans.edit');
  const canUnban = useCan('bans.unban');
  const done = () => {
    closeDialog();
    reload();
    onChanged();
  };
  return (
    <div className="player-bans">
      {canCreate && (
        <div className="tab-actions">
          <Button variant="danger" icon="ban" onClick={() => setDialog({ kind: 'create' })}>
            {t('players-bans-notes.players.banThis')}
          </Button>
        </div>
      )}
      <LoadState state={state} what={t('players-bans-notes.what.bans')}>
        {(data) => {
          const selected = data.bans.find((ban) => ban.id === selectedId);
          return (
            <>
              {selected && <BanDetail ban={selected} />}
              <BansTable
                bans={data.bans}
                mode="staff"
                selectedId={selectedId}
                onEdit={canEdit ? (ban) => setDialog({ kind: 'edit', ban }) : undefined}
                onUnban={canUnban ? (ban) => setDialog({ kind: 'unban', ban }) : undefined}
              />
            </>
          );
        }}
      </LoadState>
      {dialog?.kind === 'create' && (
        <BanForm steamid={player.steamid} playerName={player.name} onDone={done} onCancel={closeDialog} />
      )}
      {dialog?.kind === 'edit' && <BanForm ban={dialog.ban} onDone={done} onCancel={() => setDialog(null)} />}
      {dialog?.kind === 'unban' && <UnbanDialog ban={dialog.ban} onDone={done} onCancel={() => setDialog(null)} />}
    </div>
  );
}

function BanDetail({ ban }: { ban: Ban }) {
  const t = useT();
  return (
    <section className="ban-detail" aria-label={t('players-bans-notes.players.ban.aria', { id: ban.id })}>
      <Card
        title={
          <>
            {t('players-bans-notes.warnings.ban', { id: ban.id })} <BanStatus ban={ban} />
          </>
        }
      >
        <DescriptionList
          items={[
            { term: t('players-bans-notes.bans.form.reason'), value: banReason(ban) },
            { term: t('players-bans-notes.bans.form.type'), value: t(`players-bans-notes.bans.type.${ban.type}`) },
            {
              term: t('players-bans-notes.players.ban.by'),
              value: banAdmin(ban, t('players-bans-notes.common.actor.console')),
            },
            { term: t('players-bans-notes.bans.column.banned'), value: <DateTime value={ban.createdAt} /> },
            { term: t('players-bans-notes.players.server'), value: ban.serverName },
            { term: t('players-bans-notes.bans.scope.label'), value: banScopeName(ban) },
            ...(ban.origin
              ? [
                  {
                    term: t('players-bans-notes.players.ban.from'),
                    value: t('players-bans-notes.players.ban.feed', { site: new URL(ban.origin.site).host }),
                  },
                ]
              : []),
            { term: t('players-bans-notes.bans.column.length'), value: formatDuration(ban.length) },
            {
              term: t('players-bans-notes.bans.column.expires'),
              value: ban.expiresAt ? <DateTime value={ban.expiresAt} /> : t('players-bans-notes.bans.never'),
            },
            ...(ban.status === 'unbanned'
              ? [
                  {
                    term: t('players-bans-notes.bans.filter.unbanned'),
                    value: withNode(
                      t('players-bans-notes.players.ban.unbanned', {
                        ...banLift(ban, t('players-bans-notes.common.actor.unknown')),
                        date: SLOT,
                      }),
                      <DateTime value={ban.unbannedAt} />,
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </section>
  );
}
