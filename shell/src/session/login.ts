import type { LoginProviders } from '@outpost/contracts';

const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';

/** The current route path, where sign-in brings the user back to. */
export function currentRoutePath(): string {
  return window.location.pathname + window.location.search;
}

/**
 * SPEC 7: the hidden form POSTed to Steam's OpenID endpoint (checkid_setup). `state` is
 * this browser's sign-in (POST /api/auth/steam/start): the callback signs in only when it
 * comes back with the cookie that start set (login CSRF, issue 9 item 10).
 */
export function buildSteamLoginForm(steam: LoginProviders['steam'], returnUri: string, state: string): HTMLFormElement {
  const returnTo = new URL(steam.callbackUrl, window.location.origin);
  returnTo.searchParams.set('return_uri', returnUri);
  returnTo.searchParams.set('state', state);
  const fields: Record<string, string> = {
    'openid.ns': OPENID_NS,
    'openid.mode': 'checkid_setup',
    'openid.return_to': returnTo.href,
    'openid.realm': steam.realm,
    'openid.identity': IDENTIFIER_SELECT,
    'openid.claimed_id': IDENTIFIER_SELECT,
  };
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = steam.openidUrl;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  return form;
}

/** Starts the sign-in in this browser (the state cookie), then posts the form to Steam. */
export async function loginWithSteam(steam: LoginProviders['steam']): Promise<void> {
  const returnUri = window.location.origin + currentRoutePath();
  let state: string | null = null;
  // The server's refusal when it gives one (WRONG_ADDRESS: this page is not at PUBLIC_URL).
  let failure = { code: 'LOGIN_START_FAILED', error: 'Steam sign-in could not be started; please try again' };
  try {
    const response = await fetch('/api/auth/steam/start', { method: 'POST', credentials: 'include' });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && body && typeof body === 'object' && 'state' in body && typeof body.state === 'string') {
      state = body.state;
    } else if (body && typeof body === 'object' && 'error' in body && 'message' in body) {
      failure = { code: String(body.error), error: String(body.message) };
    }
  } catch {
    state = null;
  }
  if (!state) {
    window.location.assign(`/error?${new URLSearchParams({ ...failure, return: currentRoutePath() })}`);
    return;
  }
  const form = buildSteamLoginForm(steam, returnUri, state);
  document.body.append(form);
  form.submit();
}

/** SPEC 7: Discord sign-in is a navigation, back to the current route path afterwards. */
export function discordLoginUrl(returnUri: string = currentRoutePath()): string {
  return `/api/auth/discord/login?return_uri=${encodeURIComponent(returnUri)}`;
}

export function loginWithDiscord(): void {
  window.location.assign(discordLoginUrl());
}
