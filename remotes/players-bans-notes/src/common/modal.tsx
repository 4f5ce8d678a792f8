import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

interface Props {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** CSS width of the dialog, e.g. '40%'. */
  width?: string;
  showClose?: boolean;
}

// Escape closes only the modal on top (a ban form over the player modal): each modal takes a
// number when first rendered (parents render before children, later modals after earlier
// ones), and the open modal with the highest number is on top.
let modalsCreated = 0;
const openModals = new Set<number>();

/** SPEC 2: a modal closes on Escape or a click on its background, and may show a close button. */
export function Modal({ title, onClose, children, width, showClose = true }: Props) {
  const titleId = useId();
  const [order] = useState(() => ++modalsCreated);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const dialogRef = useRef<HTMLDivElement>(null);
  // Focus moves into the dialog (unless a field inside already took it), so keyboard users start there.
  useEffect(() => {
    if (!dialogRef.current?.contains(document.activeElement)) dialogRef.current?.focus();
  }, []);
  useEffect(() => {
    openModals.add(order);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && order === Math.max(...openModals)) closeRef.current();
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
        // Only a click on the background itself, not one bubbling up from the dialog.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="modal-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width }}
      >
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          {showClose && (
            <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          )}
        </header>
        <div className="modal-body">{children}</div>
      </div>
    </div>
  );
}
