import { Icon } from '@outpost/ui/core';
import { useT } from '../i18n/catalogs';
import { useThemeStore } from './theme-store';

/** The navbar's dark-mode toggle, with the SPEC's two tooltips. */
export function ThemeToggle() {
  const theme = useThemeStore((state) => state.theme);
  const toggle = useThemeStore((state) => state.toggle);
  const t = useT();
  const label = theme === 'dark' ? t('shell.nav.darkOff') : t('shell.nav.darkOn');
  return (
    <button type="button" className="navbar-item theme-toggle" title={label} aria-label={label} onClick={toggle}>
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} size={18} />
    </button>
  );
}
