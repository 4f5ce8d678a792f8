import { useT } from '@outpost/host';
import { Button, PageHeader, Pager, SearchFilter, SelectFilter, TabLinks, Tabs, Toolbar } from '@outpost/ui';
import { useState } from 'react';
import { Specimen, State } from './specimen';

const TABS = [
  { id: 'summary', label: 'Summary' },
  { id: 'names', label: 'Names' },
  { id: 'servers', label: 'Servers' },
  { id: 'ips', label: 'IPs' },
  { id: 'stats', label: 'Stats' },
];

/** The page frame and moving around: header, toolbar, tabs, pager. */
export function NavigationSection() {
  const t = useT();
  const [tab, setTab] = useState('summary');
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('');
  return (
    <>
      <Specimen name="PageHeader" use={t('panel.gallery.use.pageheader')}>
        <State label={t('panel.gallery.state.page')} wide>
          <PageHeader
            title="Bans"
            description="Who may not play on our servers, and why"
            actions={<Button variant="danger">New ban</Button>}
          />
        </State>
        <State label={t('panel.gallery.state.section-level-2')} wide>
          <PageHeader level={2} title="Appeals" back={<a href="/panel/ui">Back to the gallery</a>} />
        </State>
      </Specimen>
      <Specimen name="Toolbar" use={t('panel.gallery.use.toolbar')}>
        <State label={t('panel.gallery.state.search-and-select')} wide>
          <Toolbar actions={<Button variant="primary">New note</Button>}>
            <SearchFilter
              label="Search bans"
              placeholder="Name, reason, ban id or SteamID"
              value={query}
              onSearch={setQuery}
            />
            <SelectFilter
              label="Status"
              value={status}
              allLabel="All statuses"
              options={[
                { value: 'active', label: 'Active' },
                { value: 'expired', label: 'Expired' },
              ]}
              onChange={setStatus}
            />
          </Toolbar>
        </State>
      </Specimen>
      <Specimen name="Tabs" use={t('panel.gallery.use.tabs')}>
        <State label="Tabs" wide>
          <Tabs label="Player" tabs={TABS} active={tab} onChange={setTab}>
            <p>The {tab} of the player.</p>
          </Tabs>
        </State>
        <State label={t('panel.gallery.state.tablinks-tabs-that-are-pages')} wide>
          <TabLinks
            label="Player pages"
            links={TABS.map((item) => ({
              href: `/panel/ui?tab=${item.id}`,
              label: item.label,
              current: item.id === 'names',
            }))}
          />
        </State>
      </Specimen>
      <Specimen name="Pager" use={t('panel.gallery.use.pager')}>
        <State label={t('panel.gallery.state.first-page')}>
          <Pager pages={{ page: 1, hasPrevious: false, next: () => {}, previous: () => {} }} nextCursor="c2" />
        </State>
        <State label={t('panel.gallery.state.middle')}>
          <Pager pages={{ page: 4, hasPrevious: true, next: () => {}, previous: () => {} }} nextCursor="c5" />
        </State>
      </Specimen>
    </>
  );
}
