import { type Note, notesListResponseSchema } from '@outpost/contracts';
import { queryString, useCan, useKeysetPages, useLoad, useT } from '@outpost/host';
import { Button, LoadState, Pager, SearchFilter, SelectFilter, Toolbar } from '@outpost/ui';
import { useState } from 'react';
import { useQueryParams } from '../common/use-query-params';
import { DeleteNoteDialog } from './delete-note-dialog';
import { NoteForm } from './note-form';
import { NotesList } from './notes-list';

const FILTERS = ['q', 'visibility'] as const;
const PAGE_SIZE = 25;

type Dialog = { kind: 'create' } | { kind: 'edit'; note: Note } | { kind: 'delete'; note: Note } | null;

/** /admin/notes (staff) and /notes (public notes only, even for staff). */
export function NotesView({ mode }: { mode: 'staff' | 'public' }) {
  const t = useT();
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
    <section className="moderation-list" aria-label={t('players-bans-notes.notes.caption')}>
      <Toolbar
        actions={
          canCreate && (
            <Button variant="primary" icon="plus" onClick={() => setDialog({ kind: 'create' })}>
              {t('players-bans-notes.notes.new')}
            </Button>
          )
        }
      >
        <SearchFilter
          label={t('players-bans-notes.notes.search')}
          placeholder={t('players-bans-notes.notes.search.placeholder')}
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        />
        {staff && canSeePrivate && (
          <SelectFilter
            label={t('players-bans-notes.notes.visibility')}
            value={filters.visibility}
            allLabel={t('players-bans-notes.notes.visibility.all')}
            options={[
              { value: 'public', label: t('players-bans-notes.notes.public') },
              { value: 'private', label: t('players-bans-notes.notes.staffOnly') },
            ]}
            onChange={(visibility) => setFilters({ visibility })}
          />
        )}
      </Toolbar>
      <LoadState state={state} what={t('players-bans-notes.what.notes')}>
        {(data) => (
          <>
            <NotesList
              notes={staff ? data.notes : data.notes.filter((note) => note.isPublic)}
              mode={mode}
              onEdit={canEdit ? (note) => setDialog({ kind: 'edit', note }) : undefined}
              onDelete={canEdit ? (note) => setDialog({ kind: 'delete', note }) : undefined}
            />
            <Pager pages={pages} nextCursor={data.nextCursor} />
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
