import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { recordImpersonation } from '../../lib/acting-context';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { accountsService } from '../accounts';
import { resolveApiKey } from './api-keys-service';
import { hasSecondFactor, withheldRoleIds } from './second-factor';
import { resolveSession, SESSION_COOKIE } from './sessions-service';

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

/** Resolves the bearer API key or the session cookie into request.auth on every request. */
export const authentication = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCookie);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const authorization = request.headers.authorization;
    // Other schemes (e.g. Basic from a protecting proxy) are not ours to judge.
    // /api/game/ is the game-server plugin API: its bearer is a per-server token, checked there.
    if (authorization !== undefined && /^bearer /i.test(authorization) && !request.url.startsWith(GAME_API_PREFIX)) {
      request.auth = await authenticateBearer(app, authorization);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    const session = await resolveSession(app.db, token, app.config.SESSION_ABSOLUTE_LIFETIME_HOURS * 3600);
    if (!session) return;
    const actingAs = session.impersonating_user_id ?? session.user_id;
    const [enrolled, withheld] = await Promise.all([
      hasSecondFactor(app.db, session.user_id),
      withheldRoleIds(app.db, actingAs),
    ]);
    const permissions = await accountsService.loadPermissions(app.db, actingAs, withheld);
    if (!permissions) return;
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
    if (session.impersonating_user_id) {
      const realName = (await accountsService.findUserName(app.db, session.user_id)) ?? session.user_id;
      recordImpersonation({ actingAs, realId: session.user_id, realName });
    }
  });
});

/**
 * `Authorization: Bearer <API key>` acts as the key's owner. A bad key is refused outright
 * rather than treated as anonymous, so a script with a revoked key fails loudly.
 */
async function authenticateBearer(app: FastifyInstance, header: string): Promise<Principal> {
  const match = /^bearer ([\w-]{1,200})$/i.exec(header);
  const userId = match ? await resolveApiKey(app.db, match[1] as string) : null;
  const permissions = userId
    ? await accountsService.loadPermissions(app.db, userId, await withheldRoleIds(app.db, userId))
    : null;
  if (!userId || !permissions) throw new HttpError(401, 'INVALID_API_KEY', 'The API key is not valid');
  return { userId, sessionId: null, via: 'apikey', impersonatorId: null, permissions };
}
