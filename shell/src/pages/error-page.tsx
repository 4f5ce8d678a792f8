import { sameOriginPath } from '@outpost/contracts';
import { rich } from '@outpost/ui/core';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../chrome/catalogs';

/** /error?return=&error=&code=: where failed sign-ins and auth errors land. */
export default function ErrorPage() {
  const [params] = useSearchParams();
  const t = useT();
  // The one same-origin rule the API applies to return_uri (issue 9 item 4).
  const safeReturn = sameOriginPath(params.get('return'), window.location.origin) ?? '/';
  const code = params.get('code');
  return (
    <section className="card">
      <p className="error-text">{params.get('error') || t('shell.chrome.error.unknown')}</p>
      {code && <p className="muted">{rich(t, 'shell.chrome.error.code', { code: <code>{code}</code> })}</p>}
      <Link className="button" to={safeReturn}>
        {t('shell.chrome.error.back')}
      </Link>
    </section>
  );
}
