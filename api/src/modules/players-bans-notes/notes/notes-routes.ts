import {
  apiErrorSchema,
  noteCreateSchema,
  noteEditSchema,
  noteSchema,
  notesListQuerySchema,
  notesListResponseSchema,
  numericIdParamSchema,
  parseSteamId,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../../db/module-db';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { principalHas, requirePermission } from '../../../plugins/authorization';
import { accountsService } from '../../accounts';
import type { PlayersBansNotesTables } from '../tables';
import { findNote, listNotes } from './notes-repository';
import { createNote, deleteNote, editNote } from './notes-service';

const errors = errorResponses(400, 401, 403, 404);
const canSeePrivate = (auth: Principal | null) => auth !== null && principalHas(auth, 'notes.view-private');

/** Notes: public ones for everyone, staff-only ones with notes.view-private. */
export const notesRoutes: FastifyPluginAsyncZod<OwnDb<PlayersBansNotesTables>> = async (app, { db }) => {
  app.get(
    '/notes',
    {
      schema: {
        tags: ['notes'],
        description: 'Public: anonymous callers get public notes only.',
        querystring: notesListQuerySchema,
        response: { 200: notesListResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const query = request.query;
      return listNotes(db, {
        ...query,
        steamid: query.steamid ? (parseSteamId(query.steamid) ?? undefined) : undefined,
        canSeePrivate: canSeePrivate(request.auth),
      });
    },
  );

  app.get(
    '/notes/:id',
    {
      schema: {
        tags: ['notes'],
        params: numericIdParamSchema,
        response: { 200: noteSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const note = await findNote(db, request.params.id);
      // A staff-only note does not exist for those who may not read it.
      if (!note || (!note.isPublic && !canSeePrivate(request.auth)))
        throw new HttpError(404, 'NOT_FOUND', 'No note has this id');
      return note;
    },
  );

  app.post(
    '/notes',
    {
      preHandler: requirePermission('notes.create'),
      schema: { tags: ['notes'], body: noteCreateSchema, response: { 201: noteSchema, ...errors } },
    },
    async (request, reply) => {
      const steamid = parseSteamId(request.body.steamid) as string;
      await accountsService.assertMayActOnPlayer(db, request.auth as Principal, steamid, 'write a note on this player');
      const id = await createNote(db, { ...request.body, steamid }, await accountsService.actorOf(db, request));
      const note = await findNote(db, id);
      if (!note) throw new HttpError(500, 'INTERNAL_ERROR', 'The note vanished');
      return reply.status(201).send(note);
    },
  );

  app.patch(
    '/notes/:id',
    {
      preHandler: requirePermission('notes.edit'),
      schema: {
        tags: ['notes'],
        params: numericIdParamSchema,
        body: noteEditSchema,
        response: { 200: noteSchema, ...errors },
      },
    },
    async (request) => {
      const note = await findNote(db, request.params.id);
      if (!note) throw new HttpError(404, 'NOT_FOUND', 'No note has this id');
      await editNote(db, note, request.body, await accountsService.actorOf(db, request));
      return (await findNote(db, note.id)) ?? note;
    },
  );

  app.delete(
    '/notes/:id',
    {
      preHandler: requirePermission('notes.edit'),
      schema: { tags: ['notes'], params: numericIdParamSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const note = await findNote(db, request.params.id);
      if (!note) throw new HttpError(404, 'NOT_FOUND', 'No note has this id');
      await deleteNote(db, note, await accountsService.actorOf(db, request));
      return reply.status(204).send(null);
    },
  );
};
