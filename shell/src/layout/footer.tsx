import { useState } from 'react';
import { useChromeT } from '../chrome/catalogs';

/** Footer: build date, and a Build Info alert with branch, date and commit. */
export function Footer() {
  const [showInfo, setShowInfo] = useState(false);
  const build = __OUTPOST_BUILD__;
  const t = useChromeT();
  return (
    <footer className="footer">
      <span>{t('footer.built', { date: build.date.slice(0, 10) })}</span>{' '}
      <button type="button" className="link-button" onClick={() => setShowInfo((value) => !value)}>
        {t('footer.buildInfo')}
      </button>
      {showInfo && (
        <div className="build-info" role="alert">
          <strong>{t('footer.buildInfo')}</strong>
          <dl>
            <dt>{t('footer.branch')}</dt>
            <dd>{build.branch}</dd>
            <dt>{t('footer.date')}</dt>
            <dd>{build.date}</dd>
            <dt>{t('footer.commit')}</dt>
            <dd>{build.commit}</dd>
          </dl>
        </div>
      )}
    </footer>
  );
}
