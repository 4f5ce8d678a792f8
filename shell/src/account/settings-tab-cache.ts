export const SETTINGS_TABS = ['Sessions', 'Connections', 'Developer', 'Security'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const SETTINGS_TAB_KEY = 'outpost.settings-tab';
/** SPEC 9: the tab choice is remembered for 5 minutes. */
export const SETTINGS_TAB_TTL_MS = 5 * 60 * 1000;

export function readCachedTab(now = Date.now()): SettingsTab {
  try {
    const cached = JSON.parse(localStorage.getItem(SETTINGS_TAB_KEY) ?? 'null') as { tab?: unknown; at?: unknown };
    if (
      cached &&
      SETTINGS_TABS.includes(cached.tab as SettingsTab) &&
      typeof cached.at === 'number' &&
      now - cached.at < SETTINGS_TAB_TTL_MS
    ) {
      return cached.tab as SettingsTab;
    }
  } catch {
    // Unreadable: start on the first tab.
  }
  return 'Sessions';
}

export function cacheTab(tab: SettingsTab, now = Date.now()): void {
  try {
    localStorage.setItem(SETTINGS_TAB_KEY, JSON.stringify({ tab, at: now }));
  } catch {
    // Not remembered; harmless.
  }
}
