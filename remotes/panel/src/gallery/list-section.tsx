import { type Loaded, useT } from '@outpost/host';
import { DateTime, EmptyState, ListPage, SearchFilter, StatusBadge } from '@outpost/ui';
import { GALLERY_NOW, SAMPLE_SERVERS, type SampleServer } from './gallery-fixtures';
import { Specimen, State } from './specimen';

interface Page {
  servers: SampleServer[];
  nextCursor: string | null;
}

const PAGES = { page: 1, hasPrevious: false, next: () => {}, previous: () => {} };

function ServersList({ state }: { state: Loaded<Page> }) {
  return (
    <ListPage
      title="Servers"
      headingLevel={2}
      description="A whole list page in one component"
      filters={<SearchFilter label="Search servers" placeholder="Name or map" value="" onSearch={() => {}} />}
      state={state}
      what="servers"
      rows={(page: Page) => page.servers}
      pages={PAGES}
      nextCursor={(page: Page) => page.nextCursor}
      table={{
        caption: 'Servers',
        rowKey: (row) => String(row.id),
        empty: <EmptyState>No servers match.</EmptyState>,
        columns: [
          { key: 'name', label: 'Name', render: (row) => row.name, phone: 'primary' },
          { key: 'status', label: 'Status', render: (row) => <StatusBadge status={row.status} /> },
          { key: 'seen', label: 'Last seen', render: (row) => <DateTime value={row.seen} now={GALLERY_NOW} /> },
        ],
      }}
    />
  );
}

/** ListPage: header, toolbar, load states, table and pager, loaded and loading. */
export function ListSection() {
  const t = useT();
  return (
    <Specimen name="ListPage" use={t('panel.gallery.use.listpage')}>
      <State label={t('panel.gallery.state.loaded')} wide>
        <ServersList state={{ status: 'ready', data: { servers: SAMPLE_SERVERS.slice(0, 2), nextCursor: 'c2' } }} />
      </State>
      <State label={t('panel.gallery.state.loading')} wide>
        <ServersList state={{ status: 'loading' }} />
      </State>
    </Specimen>
  );
}
