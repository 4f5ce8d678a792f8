import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { nowSeconds } from '../../lib/clock';
import { TOKEN_PURPOSES } from '../../lib/tokens';
import { OpenIdError } from '../../protocols/steam-openid';
import { consumeNonce, isNonceUsed } from './nonces-repository';
import type { AuthTables } from './tables';

/*
 * Login CSRF on the Steam callback (issue 9 item 10). OpenID 2.0 has no `state`: a valid
 * assertion for the attacker's account, sent to a victim's browser, would sign the victim
 * in as the attacker. So each sign-in starts with a per-browser nonce: set here in a
 * short-lived HttpOnly cookie and carried in `return_to` (which Steam signs and echoes);
 * the callback signs in only when both are present, equal, fresh and unused. The same
 * thing as the Discord flow's `state`.
 */

/** How long a started sign-in may take (Steam's login page, two-factor code included). */
export const STEAM_LOGIN_STATE_MAX_AGE_S = 600;
/** Where used states are remembered (the OpenID nonce table, under its own key). */
const USED_STATE_KEY = 'outpost:steam-login-state';
const STATE = /^opst_([0-9a-z]{1,12})\.([A-Za-z0-9_-]{32,64})$/;

/**
 * The cookie: `__Host-` on https, so no sibling subdomain can plant one (cookie tossing);
 * that prefix needs Secure and Path=/, so plain http (development) uses the callback's path.
 */
export function steamStateCookie(config: Config) {
  const secure = config.PUBLIC_URL.startsWith('https:');
  return {
    name: secure ? '__Host-outpost_steam_login' : 'outpost_steam_login',
    options: { path: secure ? '/' : '/api/auth/steam', httpOnly: true, sameSite: 'lax' as const, secure },
  };
}

/** A new state (issue time and 32 random bytes), set as this browser's cookie; the shell puts it in return_to. */
export function startSteamLogin(reply: FastifyReply, config: Config, now = nowSeconds()): string {
  // Prefixed with its purpose (lib/tokens): a sign-in state is refused wherever else it is shown.
  const state = `${TOKEN_PURPOSES.steamSignIn}${now.toString(36)}.${randomBytes(32).toString('base64url')}`;
  const cookie = steamStateCookie(config);
  reply.setCookie(cookie.name, state, { ...cookie.options, maxAge: STEAM_LOGIN_STATE_MAX_AGE_S });
  return state;
}

/**
 * Throws (an OpenIdError, so the callback's refusal path answers it) unless the callback's
 * `state` is this browser's cookie, fresh and not used before. Call before anything is
 * signed in; `consumeSteamLoginState` makes it single-use once the assertion is confirmed.
 */
export async function assertSteamLoginState(
  db: Kysely<AuthTables>,
  request: FastifyRequest,
  config: Config,
  states: string[],
  now = nowSeconds(),
): Promise<string> {
  const cookie = request.cookies[steamStateCookie(config).name];
  if (states.length !== 1 || !cookie) {
    throw new OpenIdError(
      'LOGIN_NOT_STARTED_HERE',
      'This sign-in was not started in this browser, so nobody was signed in; please sign in again',
    );
  }
  const state = states[0] as string;
  if (!sameText(state, cookie)) {
    throw new OpenIdError(
      'LOGIN_STATE_MISMATCH',
      'This sign-in answer belongs to a sign-in started elsewhere, so nobody was signed in; please sign in again',
    );
  }
  const parsed = STATE.exec(state);
  const issuedAt = parsed ? Number.parseInt(parsed[1] as string, 36) : Number.NaN;
  if (!Number.isFinite(issuedAt) || now - issuedAt > STEAM_LOGIN_STATE_MAX_AGE_S || issuedAt - now > 60) {
    throw new OpenIdError('LOGIN_STATE_EXPIRED', 'This sign-in took too long; please sign in again');
  }
  if (await isNonceUsed(db, USED_STATE_KEY, state)) throw reusedState();
  return state;
}

/** Marks the state used; of two callbacks racing with one state exactly one signs in. */
export async function consumeSteamLoginState(db: Kysely<AuthTables>, state: string): Promise<void> {
  if (!(await consumeNonce(db, USED_STATE_KEY, state, 2 * STEAM_LOGIN_STATE_MAX_AGE_S))) throw reusedState();
}

export function clearSteamLoginState(reply: FastifyReply, config: Config): void {
  const cookie = steamStateCookie(config);
  reply.clearCookie(cookie.name, cookie.options);
}

function reusedState(): OpenIdError {
  return new OpenIdError('LOGIN_STATE_REUSED', 'This sign-in was already completed once; please sign in again');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
