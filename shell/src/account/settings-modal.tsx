import { Modal } from '@outpost/ui';
import { useState } from 'react';
import { BirthdayForm } from './birthday-form';
import { ConnectionsTab } from './connections-tab';
import { DeveloperTab } from './developer-tab';
import { SecurityTab } from './security-tab';
import { SessionsTab } from './sessions-tab';
import { cacheTab, readCachedTab, SETTINGS_TABS, type SettingsTab } from './settings-tab-cache';

/** SPEC 2: the User Settings modal, 40% wide; the member's birthday, then tabs that load their data when shown. */
export function SettingsModal({ onClose }: { onClose(): void }) {
  const [tab, setTab] = useState<SettingsTab>(() => readCachedTab());
  const select = (next: SettingsTab) => {
    cacheTab(next);
    setTab(next);
  };
  return (
    <Modal title="User Settings" onClose={onClose} width="40%">
      <BirthdayForm />
      <div className="tabs" role="tablist">
        {SETTINGS_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`tab${tab === name ? ' is-active' : ''}`}
            onClick={() => select(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab}>
        {tab === 'Sessions' && <SessionsTab />}
        {tab === 'Connections' && <ConnectionsTab />}
        {tab === 'Developer' && <DeveloperTab />}
        {tab === 'Security' && <SecurityTab />}
      </div>
    </Modal>
  );
}
