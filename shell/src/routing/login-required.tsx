import { useMetaStore } from '@outpost/host';
import { useT } from '../chrome/catalogs';
import { LoginButtons } from '../session/login-buttons';

/** SPEC: the card shown on an auth-required route to a signed-out visitor. */
export function LoginRequired() {
  const metaLoaded = useMetaStore((state) => Boolean(state.meta?.loginProviders));
  const t = useT();
  return (
    <section className="card login-required">
      <h2>{t('shell.chrome.login.title')}</h2>
      <p>{t('shell.chrome.login.text')}</p>
      {metaLoaded ? <LoginButtons /> : <p className="muted">{t('shell.chrome.login.waiting')}</p>}
    </section>
  );
}

/** SPEC: what an auth-required route shows while the profile call is out. */
export function RetrievingSession() {
  const t = useT();
  return <p className="loading">{t('shell.chrome.login.retrieving')}</p>;
}
