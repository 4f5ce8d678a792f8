import type { FastifyInstance } from 'fastify';

/**
 * A POST with `content-type: application/json` and an empty body (scripts and HTTP
 * clients send that for "no body") reaches the route with no body instead of failing
 * 400 INVALID_JSON (issue 9 item 15). A route that needs a body still refuses it through
 * its schema (400 VALIDATION_FAILED). Non-empty bodies keep Fastify's own parser, with
 * prototype poisoning refused.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
