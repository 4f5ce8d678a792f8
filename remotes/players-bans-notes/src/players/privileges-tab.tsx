import { type PlayerDetail, userLookupResponseSchema } from '@outpost/contracts';
import { useCan, useLoad, useT } from '@outpost/host';
import { LoadState } from '@outpost/ui';
import { withLookupFailure } from '../common/lookup-failure';
import { PrivilegesEditor } from './privileges-editor';

/** The privileges tab: admin data from GET /api/users/{id}?include=admin. */
export function PrivilegesTab({ player }: { player: PlayerDetail }) {
  const t = useT();
  const canView = useCan('users.view-admin');
  const canEdit = useCan('users.edit-privileges');
  const path =
    player.userId && (canView || canEdit) ? `/api/users/${encodeURIComponent(player.userId)}?include=admin` : null;
  const loaded = useLoad(path, userLookupResponseSchema);
  const { reload } = loaded;
  const state = withLookupFailure(loaded.state);
  if (!player.userId) return <p className="muted">{t('players-bans-notes.players.privileges.neverSignedIn')}</p>;
  if (!canView && !canEdit) return <p className="muted">{t('players-bans-notes.players.privileges.denied')}</p>;
  return (
    <LoadState state={state} what={t('players-bans-notes.what.privileges')}>
      {(lookup) =>
        lookup.adminData ? (
          <PrivilegesEditor
            key={JSON.stringify(lookup.adminData)}
            userId={lookup.user.id}
            adminData={lookup.adminData}
            editable={canEdit}
            onSaved={reload}
          />
        ) : (
          <p className="muted">{t('players-bans-notes.players.privileges.none')}</p>
        )
      }
    </LoadState>
  );
}
