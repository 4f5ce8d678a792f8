import { useMetaStore } from '@outpost/host';
import { LoginButtons } from '../session/login-buttons';

/** SPEC: the card shown on an auth-required route to a signed-out visitor. */
export function LoginRequired() {
  const metaLoaded = useMetaStore((state) => Boolean(state.meta?.loginProviders));
  return (
    <section className="card login-required">
      <h2>Login Required</h2>
      <p>This page requires you to be logged in.</p>
      {metaLoaded ? <LoginButtons /> : <p className="muted">Waiting for server</p>}
    </section>
  );
}

/** SPEC: what an auth-required route shows while the profile call is out. */
export function RetrievingSession() {
  return <p className="loading">Retrieving session data from server...</p>;
}
