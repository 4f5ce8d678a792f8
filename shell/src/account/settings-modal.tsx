import { Modal, Tabs } from '@outpost/ui';
import { type RefObject, useState } from 'react';
import { BirthdayForm } from './birthday-form';
import { ConnectionsTab } from './connections-tab';
import { DeveloperTab } from './developer-tab';
import { SecurityTab } from './security-tab';
import { SessionsTab } from './sessions-tab';
import { cacheTab, readCachedTab, SETTINGS_TABS, type SettingsTab } from './settings-tab-cache';

/** SPEC 2: the User Settings modal, 40% wide; the member's birthday, then tabs that load their data when shown. */
export function SettingsModal({
  onClose,
  returnFocusTo,
}: {
  onClose(): void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const [tab, setTab] = useState<SettingsTab>(() => readCachedTab());
  const select = (next: SettingsTab) => {
    cacheTab(next);
    setTab(next);
  };
  return (
    <Modal title="User Settings" onClose={onClose} width="40%" returnFocusTo={returnFocusTo}>
      <BirthdayForm />
      {/* The kit's tabs: a real tablist that scrolls sideways on a phone instead of wrapping. */}
      <Tabs
        label="Settings sections"
        tabs={SETTINGS_TABS.map((name) => ({ id: name, label: name }))}
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
