import { type Ban, bansListResponseSchema, type PlayerDetail } from '@outpost/contracts';
import { useCan, useLoad } from '@outpost/host';
import { formatDate, LoadState } from '@outpost/ui';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BanForm } from '../bans/ban-form';
import { formatDuration } from '../bans/ban-length';
import { BanStatus } from '../bans/ban-status';
import { BansTable } from '../bans/bans-table';
import { UnbanDialog } from '../bans/unban-dialog';
import { actorText } from '../common/actor-text';
import { queryString } from '../common/query-string';

type Dialog = { kind: 'create' } | { kind: 'edit'; ban: Ban } | { kind: 'unban'; ban: Ban } | null;

/** bans/:banid?: the player's whole ban history (nothing is deleted), one ban opened when named. */
export function PlayerBansTab({ player, onChanged }: { player: PlayerDetail; onChanged(): void }) {
  const { banid } = useParams();
  const selectedId = banid ? Number(banid) : undefined;
  const { state, reload } = useLoad(
    `/api/bans${queryString({ steamid: player.steamid, status: 'all', limit: 100 })}`,
    bansListResponseSchema,
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const canCreate = useCan('bans.create');
  const canEdit = useCan('bans.edit');
  const canUnban = useCan('bans.unban');
  const done = () => {
    setDialog(null);
    reload();
    onChanged();
  };
  return (
    <div className="player-bans">
      {canCreate && (
        <button type="button" className="button is-danger" onClick={() => setDialog({ kind: 'create' })}>
          Ban this player
        </button>
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
        <BanForm steamid={player.steamid} playerName={player.name} onDone={done} onCancel={() => setDialog(null)} />
      )}
      {dialog?.kind === 'edit' && <BanForm ban={dialog.ban} onDone={done} onCancel={() => setDialog(null)} />}
      {dialog?.kind === 'unban' && <UnbanDialog ban={dialog.ban} onDone={done} onCancel={() => setDialog(null)} />}
    </div>
  );
}

function BanDetail({ ban }: { ban: Ban }) {
  return (
    <section className="card ban-detail" aria-label={`Ban ${ban.id}`}>
      <h3>
        Ban #{ban.id} <BanStatus ban={ban} />
      </h3>
      <p>{ban.reason}</p>
      <p className="muted">
        {ban.type} by {actorText(ban.adminName, ban.adminRealName, 'Console')} on {formatDate(ban.createdAt)}
        {ban.serverName && ` on ${ban.serverName}`} · {formatDuration(ban.length)}
        {ban.expiresAt && ` · expires ${formatDate(ban.expiresAt)}`}
      </p>
      {ban.status === 'unbanned' && (
        <p>
          Unbanned by {actorText(ban.unbannedByName, ban.unbannedByRealName, 'unknown')} on {formatDate(ban.unbannedAt)}
          : {ban.unbanReason}
        </p>
      )}
    </section>
  );
}
