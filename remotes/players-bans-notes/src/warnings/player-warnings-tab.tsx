import { type PlayerDetail, type Warning, warningSchema, warningsListResponseSchema } from '@outpost/contracts';
import { queryString, sendJson, useCan, useHost, useLoad, useT } from '@outpost/host';
import { Button, ConfirmDialog, LoadState } from '@outpost/ui';
import { useState } from 'react';
import { WarnForm } from './warn-form';
import { WarningsList } from './warnings-list';

type Dialog = { kind: 'warn' } | { kind: 'lift' | 'delete'; warning: Warning } | null;

/**
 * warnings: the player's warnings. Staff with warnings.create warn, with warnings.lift lift and
 * delete; a player opening their own profile reads theirs.
 */
export function PlayerWarningsTab({ player, onChanged }: { player: PlayerDetail; onChanged(): void }) {
  const host = useHost();
  const t = useT();
  const { state, reload } = useLoad(
    `/api/warnings${queryString({ steamid: player.steamid })}`,
    warningsListResponseSchema,
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const canWarn = useCan('warnings.create');
  const canLift = useCan('warnings.lift');
  const done = () => {
    setDialog(null);
    reload();
    onChanged();
  };
  const lift = async (warning: Warning) => {
    if (!(await sendJson(host, 'POST', `/api/warnings/${warning.id}/lift`, {}, warningSchema)).ok) return;
    host.notify({ level: 'success', message: t('players-bans-notes.warnings.lifted') });
    done();
  };
  const remove = async (warning: Warning) => {
    if (!(await sendJson(host, 'DELETE', `/api/warnings/${warning.id}`)).ok) return;
    host.notify({ level: 'success', message: t('players-bans-notes.warnings.deleted') });
    done();
  };
  return (
    <div className="player-notes">
      {canWarn && (
        <div className="tab-actions">
          <Button icon="plus" onClick={() => setDialog({ kind: 'warn' })}>
            {t('players-bans-notes.warnings.warnPlayer')}
          </Button>
        </div>
      )}
      <LoadState state={state} what={t('players-bans-notes.what.warnings')}>
        {(data) => (
          <WarningsList
            warnings={data.warnings}
            onLift={canLift ? (warning) => setDialog({ kind: 'lift', warning }) : undefined}
            onDelete={canLift ? (warning) => setDialog({ kind: 'delete', warning }) : undefined}
          />
        )}
      </LoadState>
      {dialog?.kind === 'warn' && <WarnForm steamid={player.steamid} onDone={done} onCancel={() => setDialog(null)} />}
      {dialog?.kind === 'lift' && (
        <ConfirmDialog
          title={t('players-bans-notes.warnings.lift.title')}
          confirmLabel={t('players-bans-notes.warnings.lift.confirm')}
          onConfirm={() => lift(dialog.warning)}
          onCancel={() => setDialog(null)}
        >
          <p>{t('players-bans-notes.warnings.lift.body')}</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('players-bans-notes.warnings.delete.title')}
          confirmLabel={t('players-bans-notes.warnings.delete.confirm')}
          danger
          onConfirm={() => remove(dialog.warning)}
          onCancel={() => setDialog(null)}
        >
          <p>{t('players-bans-notes.warnings.delete.body', { reason: dialog.warning.reason })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
