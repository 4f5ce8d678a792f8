import { rich } from '@outpost/ui/core';
import { useEffect } from 'react';
import { useT } from '../chrome/catalogs';

/** An external-link route: leave the app for its redirect target. */
export function ExternalRedirect({ to, title }: { to: string; title: string }) {
  const t = useT();
  useEffect(() => {
    window.location.assign(to);
  }, [to]);
  return <p className="loading">{rich(t, 'shell.chrome.redirect.text', { title: <a href={to}>{title}</a> })}</p>;
}
