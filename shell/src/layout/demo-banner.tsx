import { useMetaStore } from '@outpost/host';
import { useT } from '../chrome/catalogs';

/** Issue 14: `pnpm demo` says on every page that it is a demo (GET /api/meta tells). */
export function DemoBanner() {
  const demo = useMetaStore((state) => state.meta?.demo === true);
  const t = useT();
  if (!demo) return null;
  return (
    <aside className="demo-banner" aria-label={t('shell.chrome.demo.label')}>
      {t('shell.chrome.demo.text')} <a href="/demo/discord">{t('shell.chrome.demo.discord')}</a>
    </aside>
  );
}
