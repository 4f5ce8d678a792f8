import { type Ban, bansListResponseSchema, type PlayerDetail } from '@outpost/contracts';
import { queryString, useCan, useLoad } from '@outpost/host';
import { Button, Card, DateTime, DescriptionList, LoadState } from '@outpost/ui';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BanForm } from '../bans/ban-form';
import { formatDuration } from '../bans/ban-length';
import { BanStatus } from '../bans/ban-status';
import { BansTable } from '../bans/bans-table';
import { UnbanDialog } from '../bans/unban-dialog';
import { actorText } from '../common/actor-text';

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
            Ban this player
          </Button>
        </div>
      )}
      <LoadState state={state} what="bans">
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
  return (
    <section className="ban-detail" aria-label={`Ban ${ban.id}`}>
      <Card
        title={
          <>
            Ban #{ban.id} <BanStatus ban={ban} />
          </>
        }
      >
        <DescriptionList
          items={[
            { term: 'Reason', value: ban.reason },
            { term: 'Type', value: ban.type },
            { term: 'Banned by', value: actorText(ban.adminName, ban.adminRealName, 'Console') },
            { term: 'Banned', value: <DateTime value={ban.createdAt} /> },
            { term: 'Server', value: ban.serverName },
            { term: 'Applies to', value: ban.scopeName },
            ...(ban.origin ? [{ term: 'From', value: `${new URL(ban.origin.site).host} (federation feed)` }] : []),
            { term: 'Length', value: formatDuration(ban.length) },
            { term: 'Expires', value: ban.expiresAt ? <DateTime value={ban.expiresAt} /> : 'Never' },
            ...(ban.status === 'unbanned'
              ? [
                  {
                    term: 'Unbanned',
                    value: (
                      <>
                        by {actorText(ban.unbannedByName, ban.unbannedByRealName, 'unknown')} on{' '}
                        <DateTime value={ban.unbannedAt} />: {ban.unbanReason}
                      </>
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
