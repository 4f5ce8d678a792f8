import type { FastifyInstance } from 'fastify';
import { translateError } from '../lib/error-language';
import { visitLocale } from '../lib/visit-locale';

/**
 * Every error body the API sends ({error, message}, whoever sent it: a thrown HttpError, the
 * validator, a route's own reply, the 404 handler) gets its `message` in the caller's language
 * (issue 27 item 4: the saved choice's cookie, else Accept-Language). Runs on errors only, and
 * only when the language is not English, so a successful response is never touched.
 */
export function translateErrorMessages(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{')) return payload;
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
  });
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
