import { useT } from '@outpost/host';
import { Button, PageHeader, Pager, SearchFilter, SelectFilter, TabLinks, Tabs, Toolbar } from '@outpost/ui';
import { useState } from 'react';
import { Specimen, State } from './specimen';

const TAB_IDS = ['summary', 'names', 'servers', 'ips', 'stats'] as const;
/** The component's name as the label of its state: code, the same in every language. */
const TABS_NAME = 'Tabs';

/** The page frame and moving around: header, toolbar, tabs, pager. */
export function NavigationSection() {
  const t = useT();
  const [tab, setTab] = useState('summary');
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('');
  const TABS = TAB_IDS.map((id) => ({ id, label: t(`panel.gallery.demo.tab.${id}`) }));
  return (
    <>
      <Specimen name="PageHeader" use={t('panel.gallery.use.pageheader')}>
        <State label={t('panel.gallery.state.page')} wide>
          <PageHeader
            title={t('panel.gallery.demo.bans')}
            description={t('panel.gallery.demo.bansDescription')}
            actions={<Button variant="danger">{t('panel.gallery.demo.newBan')}</Button>}
          />
        </State>
        <State label={t('panel.gallery.state.section-level-2')} wide>
          <PageHeader
            level={2}
            title={t('panel.gallery.demo.appeals')}
            back={<a href="/panel/ui">{t('panel.gallery.demo.backToGallery')}</a>}
          />
        </State>
      </Specimen>
      <Specimen name="Toolbar" use={t('panel.gallery.use.toolbar')}>
        <State label={t('panel.gallery.state.search-and-select')} wide>
          <Toolbar actions={<Button variant="primary">{t('panel.gallery.demo.newNote')}</Button>}>
            <SearchFilter
              label={t('panel.gallery.demo.searchBans')}
              placeholder={t('panel.gallery.demo.searchBansPlaceholder')}
              value={query}
              onSearch={setQuery}
            />
            <SelectFilter
              label={t('panel.gallery.demo.status')}
              value={status}
              allLabel={t('panel.gallery.demo.allStatuses')}
              options={[
                { value: 'active', label: t('panel.gallery.demo.active') },
                { value: 'expired', label: t('panel.gallery.demo.expired') },
              ]}
              onChange={setStatus}
            />
          </Toolbar>
        </State>
      </Specimen>
      <Specimen name="Tabs" use={t('panel.gallery.use.tabs')}>
        <State label={TABS_NAME} wide>
          <Tabs label={t('panel.gallery.demo.player')} tabs={TABS} active={tab} onChange={setTab}>
            <p>{t('panel.gallery.demo.tabBody', { tab })}</p>
          </Tabs>
        </State>
        <State label={t('panel.gallery.state.tablinks-tabs-that-are-pages')} wide>
          <TabLinks
            label={t('panel.gallery.demo.playerPages')}
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
