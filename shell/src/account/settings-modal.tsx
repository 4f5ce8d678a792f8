import { Modal, Tabs } from '@outpost/ui';
import { type RefObject, useState } from 'react';
import { useT } from '../i18n/catalogs';
import { BirthdayForm } from './birthday-form';
import { accountCatalogs } from './catalogs';
import { ConnectionsTab } from './connections-tab';
import { DeveloperTab } from './developer-tab';
import { SecurityTab } from './security-tab';
import { SessionsTab } from './sessions-tab';
import { cacheTab, readCachedTab, SETTINGS_TABS, type SettingsTab } from './settings-tab-cache';

export { accountCatalogs };

/** SPEC 2: the User Settings modal, 40% wide; the member's birthday, then tabs that load their data when shown. */
export function SettingsModal({
  onClose,
  returnFocusTo,
}: {
  onClose(): void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const [tab, setTab] = useState<SettingsTab>(() => readCachedTab());
  const select = (next: SettingsTab) => {
    cacheTab(next);
    setTab(next);
  };
  return (
    <Modal title={t('shell.account.title')} onClose={onClose} width="40%" returnFocusTo={returnFocusTo}>
      <BirthdayForm />
      {/* The kit's tabs: a real tablist that scrolls sideways on a phone instead of wrapping. */}
      <Tabs
        label={t('shell.account.sections')}
        tabs={SETTINGS_TABS.map((name) => ({ id: name, label: t(`shell.account.tab.${name}`) }))}
        active={tab}
        onChange={(id) => select(id as SettingsTab)}
      >
        {tab === 'Sessions' && <SessionsTab />}
        {tab === 'Connections' && <ConnectionsTab />}
        {tab === 'Developer' && <DeveloperTab />}
        {tab === 'Security' && <SecurityTab />}
      </Tabs>
    </Modal>
  );
}
