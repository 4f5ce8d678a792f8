// The public surface of @outpost/ui: the one kit every remote draws with (DESIGN rule 9). Its
// global stylesheet is '@outpost/ui/kit.css', loaded once by the shell with the theme's tokens
// (shell/src/theme/tokens.css). This file stays importable from Node: the build reads manifests
// to emit route tables. The gallery at /panel/ui shows every component in every state.
//
// Rules for remotes: compose these, lay them out with your own CSS (grid, flex, gaps with the
// --space-* tokens), and define no colour, font or component look (`pnpm lint` checks).

/**
 * The first screen's part of the kit ('@outpost/ui/core', shared eagerly by the shell; see
 * core.ts): AccessDenied; Button, LinkButton, ButtonLink, followInApp; DIALOG_OPEN_EVENT (sent
 * on document when a Modal or Drawer opens: the shell closes its menus); Input, Select,
 * TextArea, Checkbox; Icon; Markdown (lazy); Modal; Notice, Callout; PageHeader, Card;
 * KitPortal; RemoteRoot; rich (a message with elements in it); LoadingState, ErrorState, EmptyState, LoadState; Table / DataTable; Tag;
 * Toolbar. Their notes are in core.ts's modules.
 */
export * from '@outpost/ui/core';

import { provideLaterGlyphs } from '@outpost/ui/core';
import { LATER_GLYPHS } from './glyphs/later';

// The full kit brings the icons core leaves for later: its pages draw every icon at once.
provideLaterGlyphs(LATER_GLYPHS);

/** AccessDenied: the 'You do not have access to this page' card. */
/** Avatar {src, name, size}: a picture, or the name's initials. initials(name). */
export * from './avatar';
/**
 * Button {variant: primary|secondary|danger|invisible, size, icon, busy}; LinkButton (an action
 * that reads as a link); ButtonLink {href} (a link that looks like a button; in-app paths use the
 * host's router); followInApp(event, href) for any other in-app <a>.
 */
/** ConfirmDialog: a Modal asking before a change; stays busy until onConfirm resolves. */
export * from './confirm-dialog';
/** DescriptionList {items: {term, value}[], layout: columns|grid}: facts, never broken mid-number. */
export * from './description-list';
/** DIALOG_OPEN_EVENT: sent on document when a Modal or Drawer opens (the shell closes its menus). */
/** Drawer {title, side: start|end, footer}: a full-height side sheet with the Modal's behaviour. */
export * from './drawer';
/**
 * Field (label, hint, inline error; render prop gets id and aria attributes), FormActions (submit
 * + Cancel), FieldRow {actions} (fields and their buttons in one row, the buttons level with the
 * inputs), Input, Select, TextArea, Checkbox {label, hint}.
 */
export * from './form';
/** formatBytes(bytes, {binary, decimals}): SPEC 9 byte sizes; formatCount(n): 12,345. */
export * from './format-bytes';
/**
 * The ONE date formatter (SPEC 9): formatDate ('2026-11-22 at 14:05', viewer's zone), formatClock (its time part),
 * formatRelativeTime ('3 hours ago'), formatDateWithRelative, formatDay ('2026-11-22'),
 * isoTimestamp, viewerTimeZone, toLocalInputValue / fromLocalInputValue (datetime-local inputs), INVALID_DATE ('<invalid date>'). Remotes never format dates themselves.
 */
export * from './format-time';
/** Icon: SVG icons (lucide's glyphs) for route icons and buttons; IconName lists them (glyphs/names.ts). */
/**
 * KickAction {serverId, serverName, player, onKicked}: the Kick button and its reason dialog,
 * POST /api/game-presence/{serverId}/kick (players.kick); on a player's page and a server's page.
 */
export * from './kick-action';
/** ListPage: header, toolbar, load states, table (cards on phones) and pager in one. */
export * from './list-page';
/**
 * MarkdownEditor {label, value, onChange, maxLength, error, preview: beside|fold}: THE markdown
 * box (hint, character count, inline error, live preview), for every remote.
 */
export * from './markdown-editor';
/** Markdown: sanitised, lazy-loaded renderer (marked + DOMPurify on first use). */
/**
 * Modal {title, footer, width, returnFocusTo}: drawn in a KitPortal that carries the kit's styles
 * and the opener's data-remote; stacking; Escape / background click close the top one; focus
 * trapped and restored (to returnFocusTo when the opener is gone).
 */
/** NotBuiltYet / notBuiltYetPage: placeholders for pages a later issue builds. */
export * from './not-built-yet';
/** Notice: the dismissable site notice; Callout {tone}: a message inside a page in the same look. */
/** PageHeader {title, description, actions, level, back} and Card {title, actions}: the page frame. */
/** Pager {pages, nextCursor}: Previous / Next over keyset pages (useKeysetPages from @outpost/host). */
export * from './pager';
/** KitPortal: draws children at the end of <body>, styled (kit classes + the remote's data-remote). */
/** ProgressBar {label, value, max, tone}: how far a long task is; indeterminate while max is 0. */
export * from './progress';
/** ReasonDialog {title, submitLabel, onSubmit(reason)}: asks for a reason (required) before an action, e.g. a kick. */
export * from './reason-dialog';
/**
 * DateTime {value, display: absolute|relative|both|day}: the one <time datetime>; RelativeTime;
 * DateTimeRange {start, end}: a span ('2026-12-01 at 20:00 – 22:00 (CET)') as two <time>s.
 */
export * from './relative-time';
/** RemoteRoot: a remote page's root, <div data-remote="<id>">; useRemoteId(). */
/** LoadingState, ErrorState, EmptyState {title, action} (one look), and LoadState (renders a Loaded<T>). */
/** StatusBadge {status: 'ban.active' | ...}: ONE tone per state, everywhere; STATUSES, statusTone. */
export * from './status-badge';
/**
 * Table (= DataTable): sortable headers; cards under 640 px, columns with phone: 'primary' lead
 * the card unlabelled (always in view), phone: 'hidden' are left out.
 */
/** Tabs: a real tablist (arrows, Home, End); TabLinks: tabs that are pages (nav, aria-current). */
export * from './tabs';
/** Tag {tone}: a small label; Tone: accent | info | success | warning | danger | neutral. */
/**
 * Toolbar {actions}, FilterField {label, grow}, SearchFilter, SelectFilter: the bar above a
 * list; filters are labelled and take the full row on phones (placeholders never cut off).
 */
export { FilterField, SearchFilter, SelectFilter } from './toolbar';
// Toasts are the shell's: useToast() from @outpost/host.
