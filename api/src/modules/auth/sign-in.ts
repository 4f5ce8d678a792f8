import { sameOriginPath } from '@outpost/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { createSession, SESSION_COOKIE, SESSION_MAX_AGE_S } from './sessions-service';
import type { AuthTables } from './tables';

/**
 * Where to send the browser after signing in, linking or revoking: the one same-origin
 * rule (sameOriginPath in @outpost/contracts); anything it refuses goes to '/'.
 */
export function safeReturnPath(returnUri: string | null | undefined, publicUrl: string): string {
  return sameOriginPath(returnUri, publicUrl) ?? '/';
}

/** The client's ip (as trustProxy allows) and country (only from the configured trusted header). */
export function clientInfo(request: FastifyRequest, config: Config): { ip: string; countryCode: string } {
  const header = config.TRUSTED_COUNTRY_HEADER ? request.headers[config.TRUSTED_COUNTRY_HEADER] : undefined;
  const country = typeof header === 'string' ? header.trim().toUpperCase() : '';
  return { ip: request.ip ?? '', countryCode: /^[A-Z]{2}$/.test(country) ? country : '' };
}

export function sessionCookieOptions(config: Config) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.PUBLIC_URL.startsWith('https:'),
  };
}

/** Starts a session for the user and sets its cookie on the reply. */
export async function signIn(
  db: Kysely<AuthTables>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  method: 'steam' | 'discord',
): Promise<string> {
  const config = request.server.config;
  const { sessionId, token } = await createSession(db, userId, clientInfo(request, config), method);
  reply.setCookie(SESSION_COOKIE, token, { ...sessionCookieOptions(config), maxAge: SESSION_MAX_AGE_S });
  return sessionId;
}

/** A failed sign-in lands on the shell's /error page, which offers the way back. */
export function errorRedirectUrl(code: string, message: string, returnPath: string): string {
  return `/error?${new URLSearchParams({ code, error: message, return: returnPath })}`;
}
