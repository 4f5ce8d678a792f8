import { timingSafeEqual } from 'node:crypto';
import { apiErrorSchema, connectionsResponseSchema } from '@outpost/contracts';
import { generateCodeVerifier, generateState } from 'arctic';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../../db/module-db';
import { eventBus } from '../../../lib/event-bus';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { wrongAddressMessage } from '../../../lib/site-address';
import { requireSignedIn } from '../../../plugins/authorization';
import { metaService } from '../../meta';
import { isOwnSiteNavigation } from '../authentication';
import { listProviders } from '../providers-service';
import { errorRedirectUrl, safeReturnPath, signIn } from '../sign-in';
import type { AuthTables } from '../tables';
import { createDiscordClient } from './discord-client';
import { deleteLink, findLinkByAccount, findLinkOfUser, saveLink } from './provider-links-repository';

const FLOW_COOKIE = 'outpost_oauth';
const FLOW_PATH = '/api/auth/discord';
const flowSchema = z.object({
  state: z.string().max(100),
  verifier: z.string().max(200),
  intent: z.enum(['login', 'link']),
  userId: z.string().max(64).nullable(),
  returnPath: z.string().max(2100),
});
type Flow = z.infer<typeof flowSchema>;
const returnQuery = z.object({ return_uri: z.string().max(2000).optional() });

/** Linking and revoking: a signed-in member's browser, sent back to return_uri afterwards. */
const signedInNavigation = {
  preHandler: requireSignedIn,
  schema: {
    tags: ['auth'],
    querystring: returnQuery,
    response: { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
  },
};

/** Discord sign-in (only for linked accounts), linking, unlinking, and the connections list. */
export const discordRoutes: FastifyPluginAsyncZod<OwnDb<AuthTables>> = async (app, { db }) => {
  const config = app.config;
  const client = createDiscordClient(config);
  const cookieOptions = {
    path: FLOW_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.PUBLIC_URL.startsWith('https:'),
  };
  const requireDiscord = () => {
    if (!client) throw new HttpError(404, 'PROVIDER_DISABLED', 'Discord sign-in is not configured on this site');
    return client;
  };
  const requireOwnAccount = (auth: Principal) => {
    if (auth.via !== 'session' || auth.impersonatorId) {
      throw new HttpError(403, 'SESSION_REQUIRED', 'Link accounts from your own signed-in session');
    }
  };
  const start = (reply: FastifyReply, flow: Omit<Flow, 'state' | 'verifier'>) => {
    const state = generateState();
    const verifier = generateCodeVerifier();
    reply.setCookie(FLOW_COOKIE, JSON.stringify({ ...flow, state, verifier }), { ...cookieOptions, maxAge: 600 });
    return reply.redirect(requireDiscord().authorizationUrl(state, verifier).toString(), 302);
  };
  const rateLimited = { rateLimit: { max: config.SIGNIN_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } };

  app.get(
    '/auth/discord/login',
    { config: rateLimited, schema: { tags: ['auth'], querystring: returnQuery, response: { 404: apiErrorSchema } } },
    async (request, reply) => {
      requireDiscord();
      if (!(await metaService.readSiteSettings(db)).discordSignIn) {
        throw new HttpError(404, 'PROVIDER_DISABLED', 'Discord sign-in is turned off on this site');
      }
      const returnPath = safeReturnPath(request.query.return_uri, config.PUBLIC_URL);
      // The flow's cookie would be set at the address opened, the callback is at PUBLIC_URL.
      const wrongAddress = wrongAddressMessage(request, config.PUBLIC_URL);
      if (wrongAddress) return reply.redirect(errorRedirectUrl('WRONG_ADDRESS', wrongAddress, returnPath), 302);
      return start(reply, { intent: 'login', userId: null, returnPath });
    },
  );

  app.get('/auth/discord/link', { config: rateLimited, ...signedInNavigation }, async (request, reply) => {
    requireDiscord();
    requireOwnAccount(request.auth as Principal);
    const returnPath = safeReturnPath(request.query.return_uri, config.PUBLIC_URL);
    return start(reply, { intent: 'link', userId: (request.auth as Principal).userId, returnPath });
  });

  app.get(
    '/auth/discord/callback',
    {
      config: rateLimited,
      schema: {
        tags: ['auth'],
        description: 'OAuth 2.0 redirect target: signs in or links, then redirects; failures go to /error?code=.',
        querystring: z.looseObject({ code: z.string().max(500).optional(), state: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const flow = readFlow(request);
      reply.clearCookie(FLOW_COOKIE, cookieOptions);
      const fail = (code: string, message: string) =>
        reply.redirect(errorRedirectUrl(code, message, flow?.returnPath ?? '/'), 302);
      const { code, state } = request.query;
      if (!client) return fail('PROVIDER_DISABLED', 'Discord sign-in is not configured on this site');
      if (!flow || !code || !state || !sameText(state, flow.state)) {
        return fail('OAUTH_BAD_STATE', 'The Discord answer does not belong to this browser; please try again');
      }
      let tokens: Awaited<ReturnType<typeof client.exchange>>;
      let account: Awaited<ReturnType<typeof client.account>>;
      try {
        tokens = await client.exchange(code, flow.verifier);
        account = await client.account(tokens.accessToken);
      } catch (error) {
        request.log.warn({ err: error }, 'Discord code exchange failed');
        return fail('OAUTH_EXCHANGE_FAILED', 'Discord did not confirm the sign-in');
      }
      const existing = await findLinkByAccount(db, 'discord', account.id);
      if (flow.intent === 'login') {
        if (!existing) {
          return fail(
            'DISCORD_NOT_LINKED',
            'No account is linked to this Discord account: sign in with Steam and link it in User Settings',
          );
        }
        await saveLink(db, existing.user_id, 'discord', account, tokens);
        await signIn(db, request, reply, existing.user_id, 'discord');
        return reply.redirect(flow.returnPath, 302);
      }
      const auth = request.auth;
      if (auth?.via !== 'session' || auth.impersonatorId || auth.userId !== flow.userId) {
        return fail('UNAUTHORIZED', 'Sign in again before linking Discord');
      }
      if (existing && existing.user_id !== auth.userId) {
        return fail('DISCORD_ALREADY_LINKED', 'This Discord account is linked to another user');
      }
      await saveLink(db, auth.userId, 'discord', account, tokens);
      eventBus(db).emit('member-roles.changed', { userIds: [auth.userId] });
      return reply.redirect(flow.returnPath, 302);
    },
  );

  app.get('/auth/discord/revoke', signedInNavigation, async (request, reply) => {
    const discord = requireDiscord();
    const auth = request.auth as Principal;
    requireOwnAccount(auth);
    if (!isOwnSiteNavigation(request)) {
      throw new HttpError(403, 'CSRF_REJECTED', 'Cross-site request refused: it must come from this site');
    }
    const link = await findLinkOfUser(db, auth.userId, 'discord');
    if (!link) throw new HttpError(404, 'NOT_LINKED', 'No Discord account is linked');
    await deleteLink(db, auth.userId, 'discord');
    eventBus(db).emit('member-roles.changed', { userIds: [auth.userId] });
    // Best effort: the link is gone here whatever Discord says.
    await discord.revoke(link.refresh_token ?? link.access_token).catch(() => undefined);
    return reply.redirect(safeReturnPath(request.query.return_uri, config.PUBLIC_URL), 302);
  });

  app.get(
    '/auth/connections',
    {
      preHandler: requireSignedIn,
      schema: { tags: ['auth'], response: { 200: connectionsResponseSchema, 401: apiErrorSchema } },
    },
    async (request) => listProviders(app, db, (request.auth as Principal).userId),
  );
};

function readFlow(request: FastifyRequest): Flow | null {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw || raw.length > 3000) return null;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
