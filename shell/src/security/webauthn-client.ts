import type { HostApi } from '@outpost/host';

// Passkeys in the browser through @simplewebauthn/browser, loaded only when a passkey is used.

async function postJson(host: HostApi, path: string, body?: unknown): Promise<Response | null> {
  return host.apiFetch(path, {
    method: 'POST',
    quiet: true,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function failureMessage(response: Response | null, fallback: string): Promise<string> {
  const body = (await response?.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : fallback;
}

/** Proves the session with one of the person's passkeys; null when done, else what went wrong. */
export async function proveWithPasskey(host: HostApi): Promise<string | null> {
  const options = await postJson(host, '/api/auth/step-up/passkey/options');
  if (!options?.ok) return failureMessage(options, 'Passkeys could not be used');
  const { startAuthentication } = await import('@simplewebauthn/browser');
  let response: unknown;
  try {
    response = await startAuthentication({ optionsJSON: await options.json() });
  } catch (error) {
    return error instanceof Error ? error.message : 'The passkey was not used';
  }
  const verified = await postJson(host, '/api/auth/step-up/passkey', { response });
  return verified?.ok ? null : failureMessage(verified, 'The passkey could not be verified');
}

/** Adds a passkey; answers the recovery codes (on a first factor) or an error message. */
export async function addPasskey(
  host: HostApi,
  name: string,
): Promise<{ recoveryCodes: string[] } | { error: string }> {
  const options = await postJson(host, '/api/auth/second-factor/passkeys/options');
  if (!options?.ok) return { error: await failureMessage(options, 'A passkey cannot be added now') };
  const { startRegistration } = await import('@simplewebauthn/browser');
  let response: unknown;
  try {
    response = await startRegistration({ optionsJSON: await options.json() });
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'No passkey was made' };
  }
  const stored = await postJson(host, '/api/auth/second-factor/passkeys', { name, response });
  if (!stored?.ok) return { error: await failureMessage(stored, 'The passkey could not be verified') };
  return (await stored.json()) as { recoveryCodes: string[] };
}

export { failureMessage, postJson };
