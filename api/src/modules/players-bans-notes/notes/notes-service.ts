import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import type { Actor } from '../../accounts';
import { auditService } from '../../audit';
import type { PlayersBansNotesTables } from '../tables';

// Writes to notes, each one audit-logged.

// Audit lines name the note, never its text (issue 9 item 11): the audit log is read by
// staff who may not read staff-only notes, and a public note may become staff-only later.

export async function createNote(
  db: Kysely<PlayersBansNotesTables>,
  input: { steamid: string; body: string; isPublic: boolean },
  actor: Actor,
): Promise<number> {
  const now = nowSeconds();
  const { id } = await db
    .insertInto('notes')
    .values({
      steamid: input.steamid,
      body: input.body,
      is_public: input.isPublic ? 1 : 0,
      author_id: actor.id,
      author_name: actor.name,
      author_real_id: actor.realId ?? null,
      author_real_name: actor.realName ?? null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await auditService.writeAudit(db, {
    ...auditService.auditActor(actor),
    target: input.steamid,
    message: `added a ${input.isPublic ? 'public' : 'staff-only'} note #${id}${actor.via ? ` via ${actor.via}` : ''}`,
  });
  return id;
}

export async function editNote(
  db: Kysely<PlayersBansNotesTables>,
  note: { id: number; steamid: string },
  changes: { body?: string; isPublic?: boolean },
  actor: Actor,
): Promise<void> {
  await db
    .updateTable('notes')
    .set({
      ...(changes.body !== undefined ? { body: changes.body } : {}),
      ...(changes.isPublic !== undefined ? { is_public: changes.isPublic ? 1 : 0 } : {}),
      updated_at: nowSeconds(),
    })
    .where('id', '=', note.id)
    .execute();
  await auditService.writeAudit(db, {
    ...auditService.auditActor(actor),
    target: note.steamid,
    message: `edited note #${note.id}`,
  });
}

export async function deleteNote(
  db: Kysely<PlayersBansNotesTables>,
  note: { id: number; steamid: string },
  actor: Actor,
): Promise<void> {
  await db.updateTable('notes').set({ deleted_at: nowSeconds() }).where('id', '=', note.id).execute();
  await auditService.writeAudit(db, {
    ...auditService.auditActor(actor),
    target: note.steamid,
    message: `deleted note #${note.id}`,
  });
}
