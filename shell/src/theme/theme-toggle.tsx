import { Icon } from '@outpost/ui/core';
import { useThemeStore } from './theme-store';

/** The navbar's dark-mode toggle, with the SPEC's two tooltips. */
export function ThemeToggle() {
  const theme = useThemeStore((state) => state.theme);
  const toggle = useThemeStore((state) => state.toggle);
  const label = theme === 'dark' ? 'Turn dark mode off' : 'Turn dark mode on';
  return (
    <button type="button" className="navbar-item theme-toggle" title={label} aria-label={label} onClick={toggle}>
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} size={18} />
    </button>
  );
}
