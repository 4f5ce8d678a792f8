import { secondFactorStatusSchema } from '@outpost/contracts';
import { useHost, useSessionStore } from '@outpost/host';
import { useEffect, useState } from 'react';
import { useAccountModals } from '../account/account-modals';
import { cacheTab } from '../account/settings-tab-cache';
import { useT } from '../i18n/catalogs';
import { useLaterWords } from '../later/catalogs';

/**
 * Issue 31 item 3: a role the person holds requires a second factor and they have none, so
 * that role's permissions are withheld. Says so on every page, with the way to fix it.
 */
export function SecondFactorBanner() {
  const host = useHost();
  const userId = useSessionStore((state) => state.session?.id ?? null);
  const show = useAccountModals((state) => state.show);
  const [roles, setRoles] = useState<string[]>([]);
  const t = useT();
  const words = useLaterWords();

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void (async () => {
      const response = await host.apiFetch('/api/auth/second-factor', { quiet: true });
      const parsed = response?.ok ? secondFactorStatusSchema.safeParse(await response.json()) : null;
      if (live && parsed?.success)
        setRoles(parsed.data.withheld ? parsed.data.requiredBy.map((role) => role.name) : []);
    })();
    return () => {
      live = false;
    };
  }, [host, userId]);

  if (!words || roles.length === 0) return null;
  return (
    <aside className="notice is-warning second-factor-banner" aria-label={t('shell.later.secondFactor.label')}>
      <p>
        {t('shell.later.secondFactor.text', { count: roles.length, roles: roles.join(', ') })}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            cacheTab('Security');
            show('settings');
          }}
        >
          {t('shell.later.secondFactor.setUp')}
        </button>
      </p>
    </aside>
  );
}
