import { z } from 'zod';
import { cursorSchema, pageLimitSchema, searchTextSchema } from './players-bans-notes-common';
import { steamIdInputSchema } from './steam-id';

// Notes on a player: markdown (render with DOMPurify), public or staff-only.
// GET /api/notes: anonymous and callers without notes.view-private get public notes only.
// POST needs notes.create; PATCH and DELETE need notes.edit.

export const noteSchema = z.object({
  id: z.number().int(),
  steamid: z.string(),
  /** The player's last known name; null when unknown. */
  playerName: z.string().nullable(),
  /** Markdown source. */
  body: z.string(),
  isPublic: z.boolean(),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  /** The admin who really wrote it while impersonating authorId (issue 9 item 13); null otherwise. */
  authorRealId: z.string().nullable().optional(),
  authorRealName: z.string().nullable().optional(),
  /** Seconds since the epoch. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Note = z.infer<typeof noteSchema>;

export const notesListQuerySchema = z.object({
  /** Text in the note, player name or any Steam id form. */
  q: searchTextSchema.optional(),
  steamid: steamIdInputSchema.optional(),
  /** Staff filter; 'private' without notes.view-private answers an empty list. */
  visibility: z.enum(['all', 'public', 'private']).default('all'),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});
export type NotesListQuery = z.input<typeof notesListQuerySchema>;
export const notesListResponseSchema = z.object({ notes: z.array(noteSchema), nextCursor: z.string().nullable() });
export type NotesListResponse = z.infer<typeof notesListResponseSchema>;

export const MAX_NOTE_LENGTH = 5000;
export const noteCreateSchema = z.object({
  steamid: steamIdInputSchema,
  body: z.string().trim().min(1).max(MAX_NOTE_LENGTH),
  isPublic: z.boolean().default(false),
});
export type NoteCreate = z.input<typeof noteCreateSchema>;

export const noteEditSchema = z
  .object({ body: z.string().trim().min(1).max(MAX_NOTE_LENGTH).optional(), isPublic: z.boolean().optional() })
  .refine((value) => value.body !== undefined || value.isPublic !== undefined, { message: 'Nothing to change' });
export type NoteEdit = z.infer<typeof noteEditSchema>;
