import type { Readable } from 'node:stream';
import { addonParamsSchema, addonSchema, apiErrorSchema, shareIdParamSchema } from '@outpost/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { requirePermission } from '../../plugins/authorization';
import { SizeLimitError, stageStream } from '../../storage/staging';
import { accountsService } from '../accounts';
import { assertAddonFileName } from './addon-file-name';
import { findAddon, toAddon } from './addons-repository';
import { deleteAddon, quotaExceeded, remainingQuota, storeAddon } from './addons-service';
import { parseByteRange } from './byte-range';
import type { SharesContext } from './shares-context';
import { shareErrors, shareOr404 } from './shares-routes';

const uploadErrors = { ...shareErrors, 413: apiErrorSchema, 415: apiErrorSchema, 422: apiErrorSchema };

/** The upload sent as the body itself: no multipart framing to parse on the way to the file. */
const RAW_BODY = 'application/octet-stream';

const uploadQuerySchema = z.object({
  /** The file's name, for a raw-body upload (a multipart part names its own file). */
  name: z.string().max(1000).optional(),
});

interface OpenedUpload {
  fileName: string;
  source: Readable;
  /** The raw body's Content-Length, when it has one (multipart's is the whole form's). */
  declaredBytes: number | null;
  /** The source is the request's body itself (StageOptions.requestBody). */
  isRequestBody: boolean;
  /** busboy's own cut at its file-size limit (a raw body has none: the staging limit ends it). */
  truncated(): boolean;
}

/**
 * The file of an upload request, either way it may come: the raw body (`?name=` names it), which
 * goes from the socket to the staging file with no stream between (issue 30: busboy's boundary
 * search and its stream layers cost more CPU than the copy itself), or multipart's one file part.
 */
async function openUpload(request: FastifyRequest<{ Querystring: z.infer<typeof uploadQuerySchema> }>) {
  const type = request.headers['content-type'] ?? '';
  if (type.split(';')[0]?.trim().toLowerCase() === RAW_BODY) {
    const fileName = request.query.name;
    if (fileName === undefined)
      throw new HttpError(400, 'NO_FILE', 'Name the file with ?name= when the body is the file itself');
    const length = request.headers['content-length'];
    return {
      fileName,
      source: request.raw,
      declaredBytes: length === undefined ? null : Number(length),
      isRequestBody: true,
      truncated: () => false,
    } satisfies OpenedUpload;
  }
  if (!request.isMultipart())
    throw new HttpError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the file as ${RAW_BODY} (named by ?name=) or as multipart/form-data`,
    );
  const part = await request.file();
  // A bare `filename` makes the part a field: no file, the same 400 as none at all.
  if (part?.type !== 'file' || typeof part.filename !== 'string' || !part.file) {
    throw new HttpError(400, 'NO_FILE', 'The request holds no file part with a file name');
  }
  const file = part.file;
  return {
    fileName: part.filename,
    source: file,
    declaredBytes: null,
    // busboy's stream of slices of the body's chunks (a chunk may also hold the next part's bytes).
    isRequestBody: false,
    truncated: () => file.truncated,
  } satisfies OpenedUpload;
}

/** Addons in a share: streaming upload, details, streamed download with Range, delete. */
export function registerAddonRoutes(parent: FastifyInstance, { db, storage }: SharesContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  // A raw body is read by the route itself (straight from the socket into the staging file):
  // this parser only lets the type through, unread. Fastify's bodyLimit does not apply to a
  // body nobody parses; the route enforces the addon limit and the quota as the bytes arrive.
  app.addContentTypeParser(RAW_BODY, (_request, _payload, done) => done(null));

  app.post(
    '/shares/:shareId/addons',
    {
      preHandler: requirePermission('shares.upload'),
      schema: {
        tags: ['shares'],
        description:
          'The file as the whole body (`application/octet-stream`, its name in `?name=`), or multipart/form-data with one file part; a file of the same name is replaced',
        params: shareIdParamSchema,
        querystring: uploadQuerySchema,
        consumes: [RAW_BODY, 'multipart/form-data'],
        response: { 201: addonSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const share = await shareOr404(db, request.params.shareId);
      const upload = await openUpload(request);
      assertAddonFileName(upload.fileName);
      const remaining = await remainingQuota(db, share, upload.fileName);
      const maxBytes = Math.min(app.config.ADDON_MAX_BYTES, remaining);
      const tooLarge = () =>
        maxBytes === remaining
          ? quotaExceeded(share)
          : new HttpError(413, 'ADDON_TOO_LARGE', `Addons may be at most ${app.config.ADDON_MAX_BYTES} bytes`);
      // A raw body says its size up front: refused before a byte of it is read.
      if (upload.declaredBytes !== null && upload.declaredBytes > maxBytes) throw tooLarge();
      // A client that goes away mid-upload ends the stream with an error, so the staged file goes
      // too. ('close' also follows a complete body, while busboy may still be passing it on.)
      const onClose = () => {
        if (!request.raw.complete && !upload.source.readableEnded)
          upload.source.destroy(new Error('the upload was interrupted'));
      };
      request.raw.once('close', onClose);
      let staged: Awaited<ReturnType<typeof stageStream>>;
      try {
        staged = await stageStream(upload.source, storage.stagingDir, {
          maxBytes,
          requestBody: upload.isRequestBody,
        });
      } catch (error) {
        if (error instanceof SizeLimitError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw tooLarge();
        if (!request.raw.complete && request.raw.socket?.destroyed !== false) {
          // Nobody is left to answer.
          reply.hijack();
          reply.raw.destroy();
          return;
        }
        throw new HttpError(400, 'UPLOAD_FAILED', `The upload did not complete: ${(error as Error).message}`);
      } finally {
        request.raw.off('close', onClose);
      }
      if (upload.truncated()) throw tooLarge();
      const addon = await storeAddon(db, storage, {
        share,
        fileName: upload.fileName,
        staged,
        source: 'upload',
        workshopId: null,
        actor: await accountsService.actorOf(db, request),
      });
      return reply.status(201).send(addon);
    },
  );

  app.get(
    '/shares/:shareId/addons/:addonId',
    {
      preHandler: requirePermission('shares.view'),
      schema: { tags: ['shares'], params: addonParamsSchema, response: { 200: addonSchema, ...shareErrors } },
    },
    async (request) => {
      const row = await findAddon(db, request.params.shareId, request.params.addonId);
      if (!row) throw new HttpError(404, 'NOT_FOUND', 'This share has no addon with this id');
      return toAddon(row);
    },
  );

  app.get(
    '/shares/:shareId/addons/:addonId/file',
    {
      preHandler: requirePermission('shares.view'),
      schema: {
        tags: ['shares'],
        description: 'The file itself, streamed; one `Range` of bytes is honoured (206).',
        params: addonParamsSchema,
        response: { 416: apiErrorSchema, ...shareErrors },
      },
    },
    async (request, reply) => {
      const row = await findAddon(db, request.params.shareId, request.params.addonId);
      if (!row) throw new HttpError(404, 'NOT_FOUND', 'This share has no addon with this id');
      const size = Number(row.size);
      const range = parseByteRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`);
        throw new HttpError(416, 'RANGE_NOT_SATISFIABLE', `The file has ${size} bytes`);
      }
      const stream = await storage.read(row.storage_key, range ?? undefined);
      if (!stream) throw new HttpError(404, 'FILE_MISSING', 'The addon file is missing from storage');
      reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${row.name}"`)
        .header('accept-ranges', 'bytes')
        .header('etag', `"${row.sha256}"`)
        .header('last-modified', new Date(Number(row.modified_at) * 1000).toUTCString());
      if (range) {
        // A partial answer is streamed past the serializer, so it has no response schema
        // for the schema-typed status() to list.
        (reply as FastifyReply)
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', size);
      }
      // Streams bypass the response serializer.
      return reply.send(stream as never);
    },
  );

  app.delete(
    '/shares/:shareId/addons/:addonId',
    {
      preHandler: requirePermission('shares.delete-addons'),
      schema: { tags: ['shares'], params: addonParamsSchema, response: { 204: z.null(), ...shareErrors } },
    },
    async (request, reply) => {
      const share = await shareOr404(db, request.params.shareId);
      await deleteAddon(db, storage, share, request.params.addonId, await accountsService.actorOf(db, request));
      return reply.status(204).send(null);
    },
  );
}
