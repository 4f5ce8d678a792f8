import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { continueImpersonating, type Impersonation, keepActingContext } from '../../lib/acting-context';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { accountsService } from '../accounts';
import { resolveApiKey } from './api-keys-service';
import { hasSecondFactor, withheldRoleIds } from './second-factor';
import { resolveSession, SESSION_COOKIE } from './sessions-service';
import type { AuthTables } from './tables';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a cookie-authenticated request that changes state must come from our own
 * origin (Origin header, or Sec-Fetch-Site: same-origin). Bearer calls carry no
 * ambient credentials and are exempt.
 */
export function isSameOriginRequest(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string') return origin === new URL(publicUrl).origin;
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/**
 * A GET that changes state (SPEC keeps `GET /api/auth/logout`) must not be set off by
 * another site, a sibling subdomain included (issue 31 item 11): only a request the
 * browser marks same-origin or user-initiated (`none`: typed, bookmarked), or one without
 * the header (no browser), is accepted; `same-site` and `cross-site` are refused.
 */
export function isOwnSiteNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

const GAME_API_PREFIX = '/api/game/';

/**
 * The shell's and the remotes' built files (/static/…, /remotes/<id>/…, the favicons): served
 * alike to everyone, so nothing about the caller is looked up for them. /remotes.json is not one
 * of them (a staff member's registry may hold a canary).
 */
export function isBuiltFile(url: string): boolean {
  return url.startsWith('/static/') || url.startsWith('/remotes/') || url.startsWith('/favicon.');
}

/**
 * Resolves the bearer API key or the session cookie into request.auth on every request (index.ts registers it, with the
 * module's view of the database, as the app-wide `authentication` plugin).
 */
export async function registerAuthentication(app: FastifyInstance, db: Kysely<AuthTables>): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('auth', null);
  /** Sets request.auth; the impersonation the request goes on as, if it is one. */
  const authenticate = async (request: FastifyRequest): Promise<Impersonation | null> => {
    const authorization = request.headers.authorization;
    // Other schemes (e.g. Basic from a protecting proxy) are not ours to judge.
    // /api/game/ is the game-server plugin API: its bearer is a per-server token, checked there.
    if (authorization !== undefined && /^bearer /i.test(authorization) && !request.url.startsWith(GAME_API_PREFIX)) {
      request.auth = await authenticateBearer(db, authorization);
      return null;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return null;
    const session = await resolveSession(db, token, app.config.SESSION_ABSOLUTE_LIFETIME_HOURS * 3600);
    if (!session) return null;
    const actingAs = session.impersonating_user_id ?? session.user_id;
    const [enrolled, permissions] = await Promise.all([
      hasSecondFactor(db, session.user_id),
      accountsService.loadPermissions(db, actingAs, withheldRoleIds(db, actingAs)),
    ]);
    if (!permissions) return null;
    if (!SAFE_METHODS.has(request.method) && !isSameOriginRequest(request, app.config.PUBLIC_URL)) {
      throw new HttpError(403, 'CSRF_REJECTED', 'Cross-site request refused: it must come from this site');
    }
    request.auth = {
      userId: actingAs,
      sessionId: session.id,
      via: 'session',
      impersonatorId: session.impersonating_user_id ? session.user_id : null,
      permissions,
      secondFactor: { enrolled, provedAt: session.second_factor_at === null ? null : Number(session.second_factor_at) },
    };
    if (!session.impersonating_user_id) return null;
    const realName = (await accountsService.findUserName(db, session.user_id)) ?? session.user_id;
    return { actingAs, realId: session.user_id, realName };
  };
  keepActingContext(app);
  app.addHook('onRequest', (request, _reply, done) => {
    // Most requests (a visitor's GET /api/servers) carry neither: they pass without a promise
    // or a microtask, which is a measurable share of a cheap route's cost (issue 30). The built
    // files are the same for everyone: a staff page's ~20 scripts each looked up the session,
    // its second factor and its permissions on the server the page was waiting on.
    if (
      (request.headers.authorization === undefined && request.headers.cookie === undefined) ||
      isBuiltFile(request.url)
    ) {
      done();
      return;
    }
    authenticate(request).then(
      (impersonation) => (impersonation ? continueImpersonating(request, impersonation, done) : done()),
      done,
    );
  });
}

/**
 * `Authorization: Bearer <API key>` acts as the key's owner. A bad key is refused outright
 * rather than treated as anonymous, so a script with a revoked key fails loudly.
 */
async function authenticateBearer(db: Kysely<AuthTables>, header: string): Promise<Principal> {
  const match = /^bearer ([\w-]{1,200})$/i.exec(header);
  const userId = match ? await resolveApiKey(db, match[1] as string) : null;
  const permissions = userId ? await accountsService.loadPermissions(db, userId, withheldRoleIds(db, userId)) : null;
  if (!userId || !permissions) throw new HttpError(401, 'INVALID_API_KEY', 'The API key is not valid');
  return { userId, sessionId: null, via: 'apikey', impersonatorId: null, permissions };
}
