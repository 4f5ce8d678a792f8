// The public surface of @outpost/ui: the one remote kit. Importing it installs kit.css, the
// kit's global stylesheet (a Module Federation shared package, so it loads once).
import './kit.css';

/** AccessDenied: the 'You do not have access to this page' card. */
export * from './access-denied';
/** ConfirmDialog: a Modal asking before a change; stays busy until onConfirm resolves. */
export * from './confirm-dialog';
/** Field (label, hint, inline error; render prop gets id and aria attributes) and FormActions (submit + Cancel). */
export * from './form';
/** formatBytes(bytes, {binary, decimals}): SPEC 9 byte sizes. */
export * from './format-bytes';
/** formatDate, formatRelativeTime, formatDateWithRelative, INVALID_DATE: SPEC 9 dates. */
export * from './format-time';
/** Icon: SVG icons (lucide) for route icons and buttons; IconName lists them. */
export * from './icon';
/** Markdown: sanitised, lazy-loaded renderer (marked + DOMPurify on first use). */
export * from './markdown-lazy';
/** Modal: stacking; Escape / background click close the top one; focus trapped and restored. */
export * from './modal';
/** NotBuiltYet / notBuiltYetPage: placeholders for pages a later issue builds. */
export * from './not-built-yet';
/** Notice: the dismissable site notice. */
export * from './notice';
/** Pager: Previous / Next over keyset pages. */
export * from './pager';
/** RelativeTime: <time> with the relative text and the full date as tooltip. */
export * from './relative-time';
/** RemoteRoot: a remote page's root element, <div data-remote="<id>">, which its CSS is scoped under. */
export * from './remote-root';
/** LoadingState, ErrorState, EmptyState, and LoadState (renders a Loaded<T>). */
export * from './states';
/** Table: sortable headers, stacked cards under 640 px. */
export * from './table';
/** Tabs: ARIA tabs with keyboard support. */
export * from './tabs';
/** Tag: small rounded label with a tone. */
export * from './tag';
