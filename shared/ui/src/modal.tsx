import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Icon } from './icon';

export interface ModalProps {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** Buttons under the body (e.g. <FormActions>). */
  footer?: ReactNode;
  /** CSS width, e.g. '40%'; narrow screens always get the full width. */
  width?: string;
  showClose?: boolean;
  className?: string;
}

// Modals stack (a ban form over the player modal): each takes a number when first rendered
// (parents before children, later modals after earlier ones); the open one with the highest
// number is on top, and only it answers Escape and traps the focus.
let modalsCreated = 0;
const openModals = new Set<number>();
const isTop = (order: number) => order === Math.max(...openModals);

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.hasAttribute('inert'));
}

/**
 * SPEC 2: a modal closes on Escape or a click on its background (only the top one of a stack),
 * and shows a close button unless told not to. Focus moves in when it opens, Tab stays inside,
 * and focus returns to where it was when it closes.
 */
export function Modal({ title, onClose, children, footer, width, showClose = true, className }: ModalProps) {
  const titleId = useId();
  const [order] = useState(() => ++modalsCreated);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // A field inside may already have taken the focus (autoFocus); else the dialog takes it.
    if (!dialogRef.current?.contains(document.activeElement)) dialogRef.current?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);

  useEffect(() => {
    openModals.add(order);
    const onKey = (event: KeyboardEvent) => {
      if (!isTop(order)) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
        return;
      }
      const dialog = dialogRef.current;
      if (event.key !== 'Tab' || !dialog) return;
      const items = focusables(dialog);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
      } else if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      } else if (!dialog.contains(document.activeElement)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals.delete(order);
    };
  }, [order]);

  return (
    <div
      className="modal-background"
      data-testid="modal-background"
      onClick={(event) => {
        // Only a click on this background itself, not one bubbling up from a dialog.
        if (event.target === event.currentTarget && isTop(order)) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={className ? `modal-card ${className}` : 'modal-card'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={width ? { width } : undefined}
      >
        <header className="modal-head">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {showClose && (
            <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
              <Icon name="close" size={20} />
            </button>
          )}
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-foot">{footer}</footer>}
      </div>
    </div>
  );
}
