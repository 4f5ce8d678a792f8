import { useEffect } from 'react';
import { useChromeT } from '../chrome/catalogs';
import { rich } from '../chrome/rich';

/** An external-link route: leave the app for its redirect target. */
export function ExternalRedirect({ to, title }: { to: string; title: string }) {
  const t = useChromeT();
  useEffect(() => {
    window.location.assign(to);
  }, [to]);
  return <p className="loading">{rich(t, 'redirect.text', { title: <a href={to}>{title}</a> })}</p>;
}
