import { type PlayerDetail, userLookupResponseSchema } from '@outpost/contracts';
import { lookupFailureMessage } from '../common/api';
import { LoadState } from '../common/load-state';
import { useLoaded } from '../common/use-loaded';
import { usePermission } from '../common/use-permission';
import { PrivilegesEditor } from './privileges-editor';

/** The privileges tab: admin data from GET /api/users/{id}?include=admin. */
export function PrivilegesTab({ player }: { player: PlayerDetail }) {
  const canView = usePermission('users.view-admin');
  const canEdit = usePermission('users.edit-privileges');
  const path =
    player.userId && (canView || canEdit) ? `/api/users/${encodeURIComponent(player.userId)}?include=admin` : null;
  const { state, reload } = useLoaded(path, userLookupResponseSchema, lookupFailureMessage);
  if (!player.userId)
    return <p className="muted">This player has never signed in to Outpost, so holds no privileges.</p>;
  if (!canView && !canEdit) return <p className="muted">You may not see the admin data of users.</p>;
  return (
    <LoadState state={state} what="privileges">
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
          <p className="muted">No admin data was sent for this user.</p>
        )
      }
    </LoadState>
  );
}
