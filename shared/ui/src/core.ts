// @outpost/ui/core: the part of the kit the first screen draws with (the shell's chrome and the
// servers overview on `/`), shared eagerly by the shell so it arrives with the first load. The
// rest of the kit ('@outpost/ui': form fields beyond Checkbox and Select, markdown editor,
// drawer, list page, pager, tabs, dates...) loads with the pages that use them. Everything here
// is also exported by '@outpost/ui', which takes it from this entry (one copy: one dialog stack,
// one remote context). Add to this file only what `/` needs (`pnpm bench page-load` measures it).
// The kit's catalogs, registered when the kit loads (its components' own labels).
import './i18n';

export * from './access-denied';
export * from './button';
export { DIALOG_OPEN_EVENT, type DialogBehaviour, useDialog } from './dialog-stack';
export * from './form-controls';
export * from './icon';
export * from './markdown-lazy';
export * from './modal';
export * from './notice';
export * from './page-header';
export * from './portal';
export * from './remote-root';
export * from './rich';
export * from './states';
export * from './table';
export * from './tag';
export { Toolbar } from './toolbar';
