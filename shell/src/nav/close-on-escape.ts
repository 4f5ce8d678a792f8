import type { KeyboardEvent } from 'react';

/** Escape closes an open menu and puts focus back on its button, so keyboard users are not stranded. */
export function closeOnEscape(event: KeyboardEvent<HTMLElement>, open: boolean, setOpen: (open: boolean) => void) {
  if (event.key !== 'Escape' || !open) return;
  event.stopPropagation();
  setOpen(false);
  event.currentTarget.querySelector<HTMLButtonElement>(':scope > button')?.focus();
}
