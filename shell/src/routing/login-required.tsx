import { useMetaStore } from '@outpost/host';
import { useChromeT } from '../chrome/catalogs';
import { LoginButtons } from '../session/login-buttons';

/** SPEC: the card shown on an auth-required route to a signed-out visitor. */
export function LoginRequired() {
  const metaLoaded = useMetaStore((state) => Boolean(state.meta?.loginProviders));
  const t = useChromeT();
  return (
    <section className="card login-required">
      <h2>{t('login.title')}</h2>
      <p>{t('login.text')}</p>
      {metaLoaded ? <LoginButtons /> : <p className="muted">{t('login.waiting')}</p>}
    </section>
  );
}

/** SPEC: what an auth-required route shows while the profile call is out. */
export function RetrievingSession() {
  const t = useChromeT();
  return <p className="loading">{t('login.retrieving')}</p>;
}
