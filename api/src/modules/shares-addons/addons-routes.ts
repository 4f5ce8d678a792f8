import { addonParamsSchema, addonSchema, apiErrorSchema, shareIdParamSchema } from '@outpost/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

/** Addons in a share: streaming upload, details, streamed download with Range, delete. */
export function registerAddonRoutes(parent: FastifyInstance, { db, storage }: SharesContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/shares/:shareId/addons',
    {
      preHandler: requirePermission('shares.upload'),
      schema: {
        tags: ['shares'],
        description: 'multipart/form-data with one file part; a file of the same name is replaced',
        params: shareIdParamSchema,
        consumes: ['multipart/form-data'],
        response: { 201: addonSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const share = await shareOr404(db, request.params.shareId);
      if (!request.isMultipart())
        throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
      const part = await request.file();
      // A bare `filename` makes the part a field: no file, the same 400 as none at all.
      if (!part || part.type !== 'file' || typeof part.filename !== 'string' || !part.file) {
        throw new HttpError(400, 'NO_FILE', 'The request holds no file part with a file name');
      }
      assertAddonFileName(part.filename);
      const remaining = await remainingQuota(db, share, part.filename);
      const maxBytes = Math.min(app.config.ADDON_MAX_BYTES, remaining);
      // A client that goes away mid-upload ends the stream with an error, so the staged file goes
      // too. ('close' also follows a complete body, while busboy may still be passing it on.)
      const onClose = () => {
        if (!request.raw.complete && !part.file.readableEnded)
          part.file.destroy(new Error('the upload was interrupted'));
      };
      request.raw.once('close', onClose);
      let staged: Awaited<ReturnType<typeof stageStream>>;
      try {
        staged = await stageStream(part.file, storage.stagingDir, { maxBytes });
      } catch (error) {
        const tooLarge =
          error instanceof SizeLimitError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
        if (tooLarge && maxBytes === remaining) throw quotaExceeded(share);
        if (tooLarge)
          throw new HttpError(413, 'ADDON_TOO_LARGE', `Addons may be at most ${app.config.ADDON_MAX_BYTES} bytes`);
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
      if (part.file.truncated)
        throw new HttpError(413, 'ADDON_TOO_LARGE', `Addons may be at most ${app.config.ADDON_MAX_BYTES} bytes`);
      const addon = await storeAddon(db, storage, {
        share,
        fileName: part.filename,
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
