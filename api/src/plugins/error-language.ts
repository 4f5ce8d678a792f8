import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translateError } from '../lib/error-language';
import { visitLocale } from '../lib/visit-locale';

/**
 * Every error body the API sends ({error, message}, whoever sent it: a thrown HttpError, the
 * validator, a route's own reply, the 404 handler) gets its `message` in the caller's language
 * (issue 27 item 4: the saved choice's cookie, else Accept-Language). Runs on errors only, and
 * only when the language is not English, so a successful response is never touched.
 */
export function translateErrorMessages(app: FastifyInstance): void {
  // A plain hook, not an async one: every answer passes here and nearly all are not errors, so
  // they go on without a promise (issue 30: GET /api/servers against a bare route).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{')) {
      done(null, payload);
      return;
    }
    let body: string;
    try {
      body = translated(request, reply, payload);
    } catch (error) {
      done(error as Error);
      return;
    }
    done(null, body);
  });
}

/** An error body's message in the caller's language (the body as it was when there is nothing to do). */
function translated(request: FastifyRequest, reply: FastifyReply, payload: string): string {
  reply.header('vary', withAcceptLanguage(reply.getHeader('vary')));
  const locale = visitLocale(request);
  if (locale === 'en') return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (!isErrorBody(body)) return payload;
  const message = translateError(body.message, locale);
  if (message === body.message) return payload;
  reply.header('content-language', locale);
  return JSON.stringify({ ...body, message });
}

function isErrorBody(body: unknown): body is { error: string; message: string } {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'string' &&
    typeof (body as { message?: unknown }).message === 'string'
  );
}

/** The reply's Vary with Accept-Language and Cookie in it: the message depends on both. */
function withAcceptLanguage(vary: unknown): string {
  const present = String(vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of ['Accept-Language', 'Cookie']) {
    if (!present.some((known) => known.toLowerCase() === name.toLowerCase())) present.push(name);
  }
  return present.join(', ');
}
