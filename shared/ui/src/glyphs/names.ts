// Which lucide glyph draws each icon of the kit (its file in lucide-react/icons), in two sets.
// The first screen's glyphs (the shell's chrome and public nav, the servers overview on `/`,
// load states) come with @outpost/ui/core on every first load; the later ones come with the
// full kit, or when a core component first draws one (icon.tsx). Moving a glyph to the first
// screen costs every first load ~70 bytes (`pnpm bench page-load`).
// After changing a list: pnpm --filter @outpost/ui glyphs (glyphs.test.ts fails until then).
// Imported only as types by the kit: these strings are not shipped.

export const FIRST_SCREEN_ICONS = {
  // Route icons of the public pages (the nav a visitor sees, the hero).
  home: 'house',
  search: 'search',
  book: 'book-open',
  server: 'server',
  ban: 'ban',
  note: 'notebook-pen',
  link: 'link',
  chat: 'message-square',
  calendar: 'calendar',
  external: 'external-link',
  // The public Leaderboards (players-bans-notes) in the visitor's nav: as a later glyph it fetched
  // the whole later set (1.2 KB brotli) on every first load of `/`.
  users: 'users',
  // The chrome: burger, theme toggle, notice and modal close, the hero's previous / next.
  menu: 'menu',
  sun: 'sun',
  moon: 'moon',
  close: 'x',
  previous: 'chevron-left',
  next: 'chevron-right',
  // Load states, and the servers overview: status per row and Join.
  refresh: 'refresh-cw',
  error: 'circle-exclamation-point',
  empty: 'inbox',
  start: 'play',
  'status-empty': 'circle',
  'status-players': 'circle-dot',
  'status-no-data': 'circle-dashed',
  'status-offline': 'circle-x',
} as const;

export const LATER_ICONS = {
  // Route icons of staff pages (drawn in the signed-in nav's menus).
  shield: 'shield',
  log: 'scroll-text',
  share: 'share-2',
  plus: 'plus',
  gauge: 'gauge',
  wand: 'wand-sparkles',
  // Buttons, toasts and the signed-in chrome.
  expand: 'chevron-down',
  edit: 'pencil',
  delete: 'trash',
  restart: 'rotate-cw',
  stop: 'square',
  save: 'save',
  copy: 'copy',
  check: 'check',
  info: 'info',
  warning: 'triangle-exclamation-point',
  success: 'circle-check',
  'sort-ascending': 'arrow-up',
  'sort-descending': 'arrow-down',
  sortable: 'arrow-up-down',
  bell: 'bell',
  user: 'user',
  logout: 'log-out',
  settings: 'settings',
} as const;

export type FirstScreenIcon = keyof typeof FIRST_SCREEN_ICONS;
export type LaterIcon = keyof typeof LATER_ICONS;
