import { SLOT, useSessionStore, withNode } from '@outpost/host';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../i18n/catalogs';
import { useLaterWords } from '../later/catalogs';
import { stopImpersonating } from '../session/logout';

/** SPEC 2: while an admin acts as another user, a bar says so and offers to stop. */
export function ImpersonationBar() {
  const session = useSessionStore((state) => state.session);
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const t = useT();
  const words = useLaterWords();
  if (!words || !session?.impersonatingId) return null;
  // manage-user: /admin/players/{id}?returnTo=<current full path>
  const returnTo = location.pathname + location.search + location.hash;
  const manageUser = `/admin/players/${encodeURIComponent(session.id)}?returnTo=${encodeURIComponent(returnTo)}`;
  return (
    <div className="impersonation-bar" role="status">
      <span>
        {withNode(t('shell.later.impersonation.as', { name: SLOT }), <Link to={manageUser}>{session.name}</Link>)}
      </span>
      <button
        type="button"
        className="button is-small is-danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await stopImpersonating();
          setBusy(false);
        }}
      >
        {t('shell.later.impersonation.stop')}
      </button>
    </div>
  );
}
