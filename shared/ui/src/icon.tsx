import type { RouteIcon } from '@outpost/contracts';

// Small inline glyphs instead of an icon font: no extra request, no extra kilobytes.
const GLYPHS: Record<RouteIcon, string> = {
  home: '⌂',
  search: '⌕',
  book: '📖',
  shield: '🛡',
  server: '▤',
  users: '👥',
  ban: '⛔',
  note: '✎',
  log: '☰',
  share: '⇪',
  plus: '+',
  link: '🔗',
  chat: '💬',
  calendar: '📅',
  gauge: '◔',
  wand: '✦',
  external: '↗',
};

export function Icon({ name, label }: { name: RouteIcon | undefined; label?: string }) {
  if (!name) return null;
  return label ? (
    <span className="icon" role="img" aria-label={label}>
      {GLYPHS[name]}
    </span>
  ) : (
    <span className="icon" aria-hidden="true">
      {GLYPHS[name]}
    </span>
  );
}
