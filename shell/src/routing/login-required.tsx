/** SPEC: the card shown on an auth-required route to a signed-out visitor. */
export function LoginRequired() {
  return (
    <section className="card login-required">
      <h2>Login Required</h2>
      <p>This page requires you to be logged in.</p>
      <p className="muted">Waiting for server</p>
    </section>
  );
}
