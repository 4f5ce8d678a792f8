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
  const t = useT();
  return (
    <ListPage
      title={t('panel.gallery.demo.servers')}
      headingLevel={2}
      description={t('panel.gallery.demo.listDescription')}
      filters={
        <SearchFilter
          label={t('panel.gallery.demo.searchServers')}
          placeholder={t('panel.gallery.demo.nameOrMap')}
          value=""
          onSearch={() => {}}
        />
      }
      state={state}
      what={t('panel.gallery.demo.what.servers')}
      rows={(page: Page) => page.servers}
      pages={PAGES}
      nextCursor={(page: Page) => page.nextCursor}
      table={{
        caption: t('panel.gallery.demo.servers'),
        rowKey: (row) => String(row.id),
        empty: <EmptyState>{t('panel.gallery.demo.noServersMatch')}</EmptyState>,
        columns: [
          { key: 'name', label: t('panel.gallery.demo.column.name'), render: (row) => row.name, phone: 'primary' },
          {
            key: 'status',
            label: t('panel.gallery.demo.column.status'),
            render: (row) => <StatusBadge status={row.status} />,
          },
          {
            key: 'seen',
            label: t('panel.gallery.demo.column.lastSeen'),
            render: (row) => <DateTime value={row.seen} now={GALLERY_NOW} />,
          },
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
