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
  const [tab, setTab] = useState('summary');
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('');
  return (
    <>
      <Specimen name="PageHeader" use="The head of every page: title, a line of description, the page's actions.">
        <State label="Page" wide>
          <PageHeader
            title="Bans"
            description="Who may not play on our servers, and why"
            actions={<Button variant="danger">New ban</Button>}
          />
        </State>
        <State label="Section (level 2)" wide>
          <PageHeader level={2} title="Appeals" back={<a href="/panel/ui">Back to the gallery</a>} />
        </State>
      </Specimen>
      <Specimen name="Toolbar" use="Filters above a list (labelled; a whole row each on a phone) and its actions.">
        <State label="Search and select" wide>
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
      <Specimen name="Tabs" use="Views of one thing. A real tablist: arrow keys, Home and End.">
        <State label="Tabs" wide>
          <Tabs label="Player" tabs={TABS} active={tab} onChange={setTab}>
            <p>The {tab} of the player.</p>
          </Tabs>
        </State>
        <State label="TabLinks (tabs that are pages)" wide>
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
      <Specimen name="Pager" use="Previous / Next over keyset pages; hidden when there is one page.">
        <State label="First page">
          <Pager pages={{ page: 1, hasPrevious: false, next: () => {}, previous: () => {} }} nextCursor="c2" />
        </State>
        <State label="Middle">
          <Pager pages={{ page: 4, hasPrevious: true, next: () => {}, previous: () => {} }} nextCursor="c5" />
        </State>
      </Specimen>
    </>
  );
}
