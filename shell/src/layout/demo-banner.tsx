import { useMetaStore } from '@outpost/host';
import { useChromeT } from '../chrome/catalogs';

/** Issue 14: `pnpm demo` says on every page that it is a demo (GET /api/meta tells). */
export function DemoBanner() {
  const demo = useMetaStore((state) => state.meta?.demo === true);
  const t = useChromeT();
  if (!demo) return null;
  return (
    <aside className="demo-banner" aria-label={t('demo.label')}>
      {t('demo.text')} <a href="/demo/discord">{t('demo.discord')}</a>
    </aside>
  );
}
