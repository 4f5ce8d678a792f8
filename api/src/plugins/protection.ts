import fs from 'node:fs';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { SESSION_COOKIE } from '../lib/session-cookie';
import { allowedInlineScripts } from '../web/inline-scripts';
import { databaseRateLimitStore, type RateLimitCounters } from './shared-rate-limit-store';

const REGISTRY_CACHE_MS = 10_000;
/** Avatars shown in the shell come from Steam's and Discord's image hosts. */
const IMAGE_HOSTS = [
  'https://avatars.steamstatic.com',
  'https://avatars.akamai.steamstatic.com',
  'https://cdn.discordapp.com',
];

/**
 * Rate limits (only on routes that ask for them with `config.rateLimit`: sign-in and its
 * callbacks; counted in the database on PostgreSQL, so they hold across instances) and security headers on every response. The CSP lets the shell load scripts
 * from its own origin and from any origin the remote registry names, and nothing else.
 */
export interface ProtectionOptions {
  /** The shared rate-limit counters (PostgreSQL), the meta module's. */
  rateLimitCounters: RateLimitCounters;
  /** The Sentry DSN set in the panel's site settings, if any (the meta module's). */
  siteSentryDsn(db: Kysely<Database>): Promise<string | null>;
}

export const protection = fp(async (app: FastifyInstance, options: ProtectionOptions) => {
  await app.register(rateLimit, {
    global: false,
    // Several instances share PostgreSQL: count there, so a limit holds across all of them.
    // SQLite means one process: its in-memory store is exact and costs no write.
    ...(app.dialect === 'postgres' ? { store: databaseRateLimitStore(app.db, options.rateLimitCounters) } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'RATE_LIMITED', `Too many attempts: try again in ${Math.ceil(context.ttl / 1000)} seconds`),
  });

  const config = app.config;
  const secure = config.PUBLIC_URL.startsWith('https:');
  // The DSN may be set in the panel (site settings) instead of SENTRY_DSN.
  const sentryOrigin = async (): Promise<string | null> => {
    const dsn = (await options.siteSentryDsn(app.db).catch(() => null)) ?? config.SENTRY_DSN;
    try {
      return dsn ? new URL(dsn).origin : null;
    } catch {
      return null;
    }
  };
  const remoteOrigins = cachedRemoteOrigins(config.REMOTES_REGISTRY, config.PUBLIC_URL);

  const everyAnswer = securityHeaders(secure);
  const pageCsp = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const remotes = remoteOrigins().join(' ');
    const connect = ["'self'", remotes, await sentryOrigin()].filter(Boolean).join(' ');
    reply.header(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src 'self' ${remotes} ${allowedInlineScripts(request).join(' ')}`.replace(/\s+/g, ' ').trim(),
        // React sets style attributes and remotes may inject their CSS as <style>.
        `style-src 'self' 'unsafe-inline' ${remotes}`.trim(),
        `img-src 'self' data: ${IMAGE_HOSTS.join(' ')} ${remotes}`.trim(),
        `font-src 'self' ${remotes}`.trim(),
        `connect-src ${connect}`,
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        // The Steam sign-in form posts to Steam's OpenID endpoint.
        `form-action 'self' ${new URL(config.STEAM_OPENID_URL).origin}`,
        "frame-ancestors 'none'",
      ].join('; '),
    );
  };

  // A plain hook, not an async one: only a page's CSP needs to wait for anything, and every
  // answer passes here, so the others go without a promise (issue 30).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(everyAnswer);
    // An answer made for a signed-in caller is theirs alone: no cache (browser, proxy,
    // shared device) may keep it (issue 9 item 15).
    if (request.url.startsWith('/api/') && carriesCredentials(request)) reply.header('Cache-Control', 'no-store');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      pageCsp(request, reply).then(() => done(null, payload), done);
      return;
    }
    if (!reply.hasHeader('Content-Security-Policy') && reply.statusCode !== 304) {
      // Not on a 304: browsers merge its headers into the cached page's, so a locked-down CSP
      // there would replace the page's own and blank it on every reload.
      reply.header('Content-Security-Policy', API_CSP);
    }
    done(null, payload);
  });
});

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The security headers of every answer that is not a page (pages add their CSP). One
 * function, so answers written outside Fastify's reply (the notification stream) carry
 * the same set.
 */
export function securityHeaders(secure: boolean, withCsp = false): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
  if (secure) headers['Strict-Transport-Security'] = 'max-age=31536000';
  if (withCsp) headers['Content-Security-Policy'] = API_CSP;
  return headers;
}

/** A request made with a session cookie, an API key or a bearer token. */
function carriesCredentials(request: FastifyRequest): boolean {
  return (
    Boolean(request.auth) ||
    Boolean(request.headers.authorization) ||
    Boolean(request.headers.cookie?.includes(`${SESSION_COOKIE}=`))
  );
}

/** Origins of remotes hosted elsewhere (a CDN), read from the registry at most every 10 s. */
function cachedRemoteOrigins(registryPath: string, publicUrl: string): () => string[] {
  const own = new URL(publicUrl).origin;
  let origins: string[] = [];
  let readAt = 0;
  return () => {
    if (Date.now() - readAt < REGISTRY_CACHE_MS) return origins;
    readAt = Date.now();
    try {
      const entries = JSON.parse(fs.readFileSync(registryPath, 'utf8')) as { entry?: unknown }[];
      const found = new Set<string>();
      for (const entry of Array.isArray(entries) ? entries : []) {
        if (typeof entry.entry !== 'string' || !/^https?:\/\//.test(entry.entry)) continue;
        const origin = new URL(entry.entry).origin;
        if (origin !== own) found.add(origin);
      }
      origins = [...found];
    } catch {
      origins = [];
    }
    return origins;
  };
}
