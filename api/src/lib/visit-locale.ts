import { isLocale, LOCALE_COOKIE, type Locale, negotiateLocale } from '@outpost/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The language a request is answered in (issue 27 item 4): the visitor's saved choice (the
 * language menu's cookie, set from a signed-in user's profile too), else the best match of
 * their Accept-Language. The server-drawn first screen, `<html lang>` and the API's error
 * messages all follow this one rule.
 */
export function visitLocale(request: Pick<FastifyRequest, 'cookies' | 'headers'>): Locale {
  const saved = request.cookies?.[LOCALE_COOKIE];
  return isLocale(saved) ? saved : negotiateLocale(request.headers['accept-language']);
}
