import { type Note, notesListResponseSchema } from '@outpost/contracts';
import { useCan, useLoad } from '@outpost/host';
import { LoadState, Pager } from '@outpost/ui';
import { useState } from 'react';
import { queryString } from '../common/query-string';
import { SearchForm } from '../common/search-form';
import { useKeysetPages } from '../common/use-keyset-pages';
import { useQueryParams } from '../common/use-query-params';
import { DeleteNoteDialog } from './delete-note-dialog';
import { NoteForm } from './note-form';
import { NotesList } from './notes-list';

const FILTERS = ['q', 'visibility'] as const;
const PAGE_SIZE = 25;

type Dialog = { kind: 'create' } | { kind: 'edit'; note: Note } | { kind: 'delete'; note: Note } | null;

/** /admin/notes (staff) and /notes (public notes only, even for staff). */
export function NotesView({ mode }: { mode: 'staff' | 'public' }) {
  const [filters, setFilters] = useQueryParams(FILTERS);
  const staff = mode === 'staff';
  const canSeePrivate = useCan('notes.view-private');
  const canCreate = useCan('notes.create') && staff;
  const canEdit = useCan('notes.edit') && staff;
  // The public page asks for public notes only, so a signed-in staff member sees what visitors see.
  const visibility = staff ? filters.visibility : 'public';
  const pages = useKeysetPages(JSON.stringify(filters));
  const path = `/api/notes${queryString({ q: filters.q, visibility, cursor: pages.cursor, limit: PAGE_SIZE })}`;
  const { state, reload } = useLoad(path, notesListResponseSchema);
  const [dialog, setDialog] = useState<Dialog>(null);
  const done = () => {
    setDialog(null);
    reload();
  };

  return (
    <section className="moderation-list" aria-label="Notes">
      <div className="toolbar">
        <SearchForm
          label="Search notes"
          placeholder="Text, player name or any SteamID form"
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        >
          {staff && canSeePrivate && (
            <select
              aria-label="Visibility"
              className="input"
              value={filters.visibility}
              onChange={(e) => setFilters({ visibility: e.target.value })}
            >
              <option value="">Public and staff-only</option>
              <option value="public">Public</option>
              <option value="private">Staff-only</option>
            </select>
          )}
        </SearchForm>
        {canCreate && (
          <button type="button" className="button" onClick={() => setDialog({ kind: 'create' })}>
            New note
          </button>
        )}
      </div>
      <LoadState state={state} what="notes">
        {(data) => (
          <>
            <NotesList
              notes={staff ? data.notes : data.notes.filter((note) => note.isPublic)}
              mode={mode}
              onEdit={canEdit ? (note) => setDialog({ kind: 'edit', note }) : undefined}
              onDelete={canEdit ? (note) => setDialog({ kind: 'delete', note }) : undefined}
            />
            <Pager
              page={pages.page}
              hasPrevious={pages.hasPrevious}
              nextCursor={data.nextCursor}
              onPrevious={pages.previous}
              onNext={pages.next}
            />
          </>
        )}
      </LoadState>
      {dialog?.kind === 'create' && <NoteForm onDone={done} onCancel={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <NoteForm note={dialog.note} onDone={done} onCancel={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <DeleteNoteDialog note={dialog.note} onDone={done} onCancel={() => setDialog(null)} />
      )}
    </section>
  );
}
