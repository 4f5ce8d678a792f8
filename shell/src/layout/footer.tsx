import { useState } from 'react';
import { useT } from '../chrome/catalogs';

/** Footer: build date, and a Build Info alert with branch, date and commit. */
export function Footer() {
  const [showInfo, setShowInfo] = useState(false);
  const build = __OUTPOST_BUILD__;
  const t = useT();
  return (
    <footer className="footer">
      <span>{t('shell.chrome.footer.built', { date: build.date.slice(0, 10) })}</span>{' '}
      <button type="button" className="link-button" onClick={() => setShowInfo((value) => !value)}>
        {t('shell.chrome.footer.buildInfo')}
      </button>
      {showInfo && (
        <div className="build-info" role="alert">
          <strong>{t('shell.chrome.footer.buildInfo')}</strong>
          <dl>
            <dt>{t('shell.chrome.footer.branch')}</dt>
            <dd>{build.branch}</dd>
            <dt>{t('shell.chrome.footer.date')}</dt>
            <dd>{build.date}</dd>
            <dt>{t('shell.chrome.footer.commit')}</dt>
            <dd>{build.commit}</dd>
          </dl>
        </div>
      )}
    </footer>
  );
}
