import { type ProfileResponse, profileResponseSchema } from '@outpost/contracts/browser';
import { getHost, type SessionData, useSessionStore } from '@outpost/host';
import { useChromeStore } from '../routing/chrome-store';
import { pathRequiresAuth } from '../routing/use-owned-routes';
import { STARTUP, useStartupStore } from './startup-store';

export const AUTH_ERROR_TOAST_MS = 10_000;

export type ProfileOutcome = 'signed-in' | 'signed-out' | 'failed';

/**
 * SPEC 4: asks the API who is signed in. Waiting (1) becomes show (3) on an answer, whatever
 * it is; it becomes needs-auth (2) only when the session is refused on a route that needs it.
 * Any other failure shows 'Could not authenticate with server:' for 10 s and, on such a
 * route, leads to /error.
 */
export async function loadProfile(): Promise<ProfileOutcome> {
  const startup = useStartupStore.getState();
  const pending = early;
  early = null;
  if (!pending) startup.setState(STARTUP.waitingForAuth);
  const outcome = await (pending ?? fetchProfile());
  if (outcome.kind === 'signed-out') {
    settleSignedOut();
    return 'signed-out';
  }
  if (outcome.kind === 'failed') {
    const needsAuth = pathNeedsAuth();
    startup.setState(STARTUP.show);
    const host = getHost();
    host.notify({
      level: 'error',
      message: `Could not authenticate with server: ${outcome.message}`,
      durationMs: AUTH_ERROR_TOAST_MS,
    });
    if (needsAuth) {
      const query = new URLSearchParams({
        return: window.location.pathname + window.location.search,
        error: outcome.message,
        code: outcome.code,
      });
      host.navigate(`/error?${query}`, { replace: true });
    }
    return 'failed';
  }
  startup.setState(STARTUP.show);
  return 'signed-in';
}

const pathNeedsAuth = () => useChromeStore.getState().authRequired || pathRequiresAuth(window.location.pathname);

function settleSignedOut(): void {
  useSessionStore.getState().setSession(null);
  useStartupStore.getState().setState(pathNeedsAuth() ? STARTUP.needsAuth : STARTUP.show);
}

let early: Promise<FetchOutcome> | null = null;

/**
 * The first profile request, started before React draws anything (the page preloads it), so
 * the first screen can be drawn signed in or out. loadProfile (run once the router is up) takes
 * this answer instead of asking again.
 */
export function requestProfileEarly(): Promise<FetchOutcome> {
  useStartupStore.getState().setState(STARTUP.waitingForAuth);
  early = fetchProfile();
  return early;
}

/**
 * Applies an early answer's startup state before the first render (the route tables must be
 * known: a route may need a session). A failure is left to loadProfile, which may navigate.
 */
export function settleEarlyProfile(outcome: FetchOutcome): void {
  if (outcome.kind === 'signed-out') settleSignedOut();
  else if (outcome.kind === 'signed-in') useStartupStore.getState().setState(STARTUP.show);
}

export type FetchOutcome =
  | { kind: 'signed-in' }
  | { kind: 'signed-out' }
  | { kind: 'failed'; message: string; code: string };

async function fetchProfile(): Promise<FetchOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/auth/profile', { credentials: 'include' });
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error), code: 'NETWORK' };
  }
  if (response.status === 401 || response.status === 403) return { kind: 'signed-out' };
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : `${response.status} ${response.statusText}`;
    return { kind: 'failed', message: message.trim(), code: String(response.status) };
  }
  try {
    const profile = profileResponseSchema.parse(await response.json());
    useSessionStore.getState().setSession(sessionFromProfile(profile));
    return { kind: 'signed-in' };
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error), code: 'INVALID_PROFILE' };
  }
}

/**
 * The session a profile answer gives: the browser's (above) and the one a staff page's
 * server-drawn first screen is drawn with (prerender/prerender.tsx), so both draw the same chrome.
 */
export function sessionFromProfile(profile: ProfileResponse): SessionData {
  return {
    user: {
      id: profile.user.id,
      name: profile.user.name,
      steamid: profile.user.accountid,
      avatarhash: profile.user.avatarhash,
    },
    permissions: profile.permissions,
    impersonatingId: profile.impersonatingId,
    openDiscussions: profile.openDiscussions,
    notifications: profile.notifications,
    providers: profile.providers,
    profile: profile.profile,
  };
}
