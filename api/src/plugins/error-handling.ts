import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { isDatabaseBusy } from '../db/sqlite-busy';
import { HttpError, InvalidInputError, invalidInputMessage } from '../lib/http-error';
import { validationErrorMap } from '../lib/validation-words';
import { visitLocale } from '../lib/visit-locale';
import { isNulRefusedByDatabase, NUL_MESSAGE } from './nul-characters';

// Fastify's own 4xx codes, turned into stable names clients can switch on.
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

/**
 * One error handler for the whole API: 4xx errors carry their message, 5xx a generic
 * sentence (the detail goes to the log, never to the client).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof InvalidInputError) {
      // Parsed again with the caller's words for zod's detail; the frame is translated with the
      // other error messages (plugins/error-language.ts).
      const errorMap = validationErrorMap(visitLocale(request));
      const issue = errorMap && safeParse(error.schema, error.input, { error: errorMap }).error?.issues[0];
      const message = issue ? invalidInputMessage(error.part, issue) : error.message;
      return reply.status(400).send({ error: error.code, message });
    }
    if (error instanceof HttpError) {
      const body = { error: error.code, message: error.message };
      return reply
        .status(error.statusCode)
        .send(error.details === undefined ? body : { ...body, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? ` at ${first.instancePath}` : '';
      const detail =
        (first && detailInCallersLanguage(request, error.validationContext, first.instancePath)) ??
        first?.message ??
        'does not match the schema';
      const message = `Invalid ${error.validationContext ?? 'request'}${where}: ${detail}`;
      return reply.status(400).send({ error: 'VALIDATION_FAILED', message });
    }
    if (isNulRefusedByDatabase(error)) {
      // Text that slipped past the door's check (a multipart field, say): the client's input, not our fault.
      request.log.warn({ err: error }, 'the database refused a NUL character');
      return reply.status(400).send({ error: 'NUL_CHARACTER', message: NUL_MESSAGE });
    }
    if (isDatabaseBusy(error)) {
      // Another process holds SQLite's write lock (a backup, a migration, a second tool).
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ error: 'DATABASE_BUSY', message: 'The database is busy: try again in a moment' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({
        error: 'DATABASE_UNAVAILABLE',
        message: 'The database cannot be reached right now: try again in a moment',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        (error.code && FASTIFY_CODES[error.code]) ??
        (error instanceof SyntaxError || /JSON/i.test(error.message) ? 'INVALID_JSON' : 'BAD_REQUEST');
      return reply.status(status).send({ error: code, message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'INTERNAL_ERROR', message: 'Something went wrong on the server' });
  });
}

/**
 * zod's own words for a validation failure ("Too small: …") in the caller's language: the
 * failing part parsed again with that language's error map, for this parse only (zod's global
 * config is shared by every request). A contract's own sentence wins over the map and stays
 * English here, for the error catalogs to translate with the rest of the message. Undefined for
 * English, or when the parse again does not fail where the first one did.
 */
function detailInCallersLanguage(
  request: FastifyRequest,
  context: string | undefined,
  instancePath: string,
): string | undefined {
  const errorMap = validationErrorMap(visitLocale(request));
  if (!errorMap) return undefined;
  const parts: Record<string, unknown> = {
    body: request.body,
    querystring: request.query,
    params: request.params,
    headers: request.headers,
  };
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context ?? ''];
  if (!context || !(context in parts) || !(schema instanceof $ZodType)) return undefined;
  const issue = safeParse(schema, parts[context], { error: errorMap }).error?.issues[0];
  return issue && `/${issue.path.join('/')}` === instancePath ? issue.message : undefined;
}

export function apiNotFound(method: string, url: string) {
  return { error: 'NOT_FOUND', message: `Route ${method} ${url.split('?')[0]} not found` };
}
