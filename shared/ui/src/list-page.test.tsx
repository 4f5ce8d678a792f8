import { useKeysetPages } from '@outpost/host';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListPage } from './list-page';
import { EmptyState } from './states';
import { SearchFilter } from './toolbar';

afterEach(cleanup);

interface Note {
  id: string;
  text: string;
}
interface NotesPage {
  notes: Note[];
  nextCursor: string | null;
}

function Notes({ data }: { data: NotesPage | 'loading' }) {
  const pages = useKeysetPages('filters');
  return (
    <ListPage
      title="Notes"
      description="What staff wrote down"
      filters={<SearchFilter label="Search notes" value="" onSearch={() => {}} />}
      state={data === 'loading' ? { status: 'loading' } : { status: 'ready', data }}
      what="notes"
      rows={(page: NotesPage) => page.notes}
      pages={pages}
      nextCursor={(page: NotesPage) => page.nextCursor}
      table={{
        caption: 'Notes',
        rowKey: (note) => note.id,
        columns: [{ key: 'text', label: 'Text', render: (note) => note.text }],
        empty: <EmptyState>No notes yet.</EmptyState>,
      }}
    />
  );
}

describe('<ListPage>', () => {
  it('shows the header and toolbar, then loading, then the table and a pager that moves', () => {
    const { rerender } = render(<Notes data="loading" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Notes' })).toBeTruthy();
    expect(screen.getByLabelText('Search notes')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading notes…');
    rerender(<Notes data={{ notes: [{ id: '1', text: 'Warned for spam' }], nextCursor: 'c2' }} />);
    expect(screen.getByRole('table', { name: 'Notes' })).toBeTruthy();
    expect(screen.getByText('Warned for spam')).toBeTruthy();
    expect(screen.getByText('Page 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2')).toBeTruthy();
  });

  it('shows the empty state instead of an empty table', () => {
    render(<Notes data={{ notes: [], nextCursor: null }} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No notes yet.')).toBeTruthy();
  });
});
