import { useEffect } from 'react';

/** An external-link route: leave the app for its redirect target. */
export function ExternalRedirect({ to, title }: { to: string; title: string }) {
  useEffect(() => {
    window.location.assign(to);
  }, [to]);
  return (
    <p className="loading">
      Taking you to <a href={to}>{title}</a>…
    </p>
  );
}
