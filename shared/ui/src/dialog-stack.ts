import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/** Sent on document when a modal or drawer opens: the shell closes its phone menu and dropdowns. */
export const DIALOG_OPEN_EVENT = 'outpost:dialog-open';

// Dialogs stack (a ban form over the player modal): each takes a number when first rendered
// (parents before children, later ones after earlier ones); the open one with the highest
// number is on top, and only it answers Escape and traps the focus.
let dialogsCreated = 0;
const openDialogs = new Set<number>();
const isTop = (order: number) => order === Math.max(...openDialogs);

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.hasAttribute('inert'));
}

function trapTab(event: KeyboardEvent, dialog: HTMLElement) {
  const items = focusables(dialog);
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    dialog.focus();
  } else if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  } else if (!dialog.contains(active)) {
    event.preventDefault();
    first.focus();
  }
}

export interface DialogBehaviour {
  onClose(): void;
  /**
   * Where the focus goes when the dialog closes if the element that had it before is gone (a
   * menu item of a menu that closed): the control that opened it, e.g. the menu's button.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * SPEC 2 dialogs: Escape closes the top one; focus moves in when it opens, Tab stays inside,
 * and focus returns to where it was (or to `returnFocusTo`) when it closes.
 */
export function useDialog({ onClose, returnFocusTo }: DialogBehaviour) {
  const [order] = useState(() => ++dialogsCreated);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const dialogRef = useRef<HTMLDivElement>(null);
  const returnRef = useRef(returnFocusTo);
  returnRef.current = returnFocusTo;

  // Layout effects, not passive ones: the dialog is drawn and answers Escape and Tab in the same
  // commit. A passive effect runs a frame later, and an Escape pressed as a lazily loaded dialog
  // appeared went unheard (CI caught it: the dialog stayed open).
  useLayoutEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.dispatchEvent(new CustomEvent(DIALOG_OPEN_EVENT));
    // A field inside may already have taken the focus (autoFocus); else the dialog takes it.
    if (!dialogRef.current?.contains(document.activeElement)) dialogRef.current?.focus();
    return () => {
      const target = before?.isConnected && before !== document.body ? before : returnRef.current?.current;
      target?.focus();
    };
  }, []);

  useLayoutEffect(() => {
    openDialogs.add(order);
    const onKey = (event: KeyboardEvent) => {
      if (!isTop(order)) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === 'Tab' && dialogRef.current) trapTab(event, dialogRef.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openDialogs.delete(order);
    };
  }, [order]);

  return { dialogRef, isTop: () => isTop(order) };
}
