import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';

// PostgreSQL's text cannot hold U+0000: a NUL reaching a query fails it ("invalid byte
// sequence for encoding UTF8: 0x00"), which answered 500 where a route passed the text
// on (a passkey id did). No text the API accepts means anything with a NUL in it, so the
// whole class is refused at the door: one preValidation hook over every route's path
// parameters, query string and JSON body (values and keys, at any depth), before any route's
// own code runs. The error handler also answers PostgreSQL's NUL refusals 400 (defence in
// depth for text from elsewhere: a multipart field, an outside service).

export const NUL_MESSAGE = 'Text may not contain the NUL character (U+0000)';

/** Where in `value` (a parsed JSON value) a string or key holds U+0000, or null. Iterative: any depth. */
export function findNul(value: unknown, root = ''): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [item, at] = stack.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return at || '/';
    } else if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) stack.push([item[i], `${at}/${i}`]);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return `${at}/${JSON.stringify(key)}`;
        stack.push([child, `${at}/${key}`]);
      }
    }
  }
  return null;
}

function refuseNul(request: FastifyRequest): void {
  // Path parameters and the query string are decoded from the URL, so without "%00" (or a raw
  // NUL) in it neither can hold one: most requests skip walking them (issue 30).
  const url = request.url;
  if (url.includes('%00') || url.includes('\u0000')) {
    refuseNulIn('path', request.params);
    refuseNulIn('query string', request.query);
  }
  const body = request.body;
  // A streamed body (an upload) is not parsed here: its route reads it itself.
  if (
    body === undefined ||
    body === null ||
    Buffer.isBuffer(body) ||
    typeof (body as { pipe?: unknown }).pipe === 'function'
  )
    return;
  refuseNulIn('body', body);
}

function refuseNulIn(part: string, value: unknown): void {
  const at = findNul(value);
  if (at !== null) throw new HttpError(400, 'NUL_CHARACTER', `${NUL_MESSAGE}: the ${part} at ${at}`);
}

export interface AppRoute {
  method: string;
  url: string;
}

const appRoutes = new WeakMap<FastifyInstance, AppRoute[]>();

/** Every route the app registered after this plugin (HEAD excepted): for tests that cover routes added later too. */
export function routesOf(app: FastifyInstance): readonly AppRoute[] {
  return appRoutes.get(app) ?? [];
}

/** Every route, present and future, refuses U+0000 in its input with 400. Register before any route. */
export function refuseNulCharacters(app: FastifyInstance): void {
  const seen: AppRoute[] = [];
  appRoutes.set(app, seen);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') seen.push({ method, url: route.url });
  });
  // A plain hook, not an async one: it runs on every request and needs no promise (issue 30).
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseNul(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}

/** PostgreSQL's refusals of a NUL: in text (22021) and in jsonb's \u0000 escape (22P05). */
export function isNulRefusedByDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}
