import { useState } from 'react';

/** Footer: build date, and a Build Info alert with branch, date and commit. */
export function Footer() {
  const [showInfo, setShowInfo] = useState(false);
  const build = __OUTPOST_BUILD__;
  return (
    <footer className="footer">
      <span>Built {build.date.slice(0, 10)}</span>{' '}
      <button type="button" className="link-button" onClick={() => setShowInfo((value) => !value)}>
        Build Info
      </button>
      {showInfo && (
        <div className="build-info" role="alert">
          <strong>Build Info</strong>
          <dl>
            <dt>Branch</dt>
            <dd>{build.branch}</dd>
            <dt>Date</dt>
            <dd>{build.date}</dd>
            <dt>Commit</dt>
            <dd>{build.commit}</dd>
          </dl>
        </div>
      )}
    </footer>
  );
}
