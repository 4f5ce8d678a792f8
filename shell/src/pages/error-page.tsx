import { sameOriginPath } from '@outpost/contracts';
import { Link, useSearchParams } from 'react-router';

/** /error?return=&error=&code=: where failed sign-ins and auth errors land. */
export default function ErrorPage() {
  const [params] = useSearchParams();
  // The one same-origin rule the API applies to return_uri (issue 9 item 4).
  const safeReturn = sameOriginPath(params.get('return'), window.location.origin) ?? '/';
  return (
    <section className="card">
      <p className="error-text">{params.get('error') || 'An unknown error occurred.'}</p>
      {params.get('code') && (
        <p className="muted">
          Code: <code>{params.get('code')}</code>
        </p>
      )}
      <Link className="button" to={safeReturn}>
        Go back
      </Link>
    </section>
  );
}
