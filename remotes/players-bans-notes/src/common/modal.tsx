import { type ReactNode, useEffect, useId, useRef } from 'react';

interface Props {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** CSS width of the dialog, e.g. '40%'. */
  width?: string;
  showClose?: boolean;
}

// Open modals, innermost last: Escape closes only the one on top (a ban form over the player modal).
const openModals: string[] = [];

/** SPEC 2: a modal closes on Escape or a click on its background, and may show a close button. */
export function Modal({ title, onClose, children, width, showClose = true }: Props) {
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    openModals.push(titleId);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && openModals[openModals.length - 1] === titleId) closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals.splice(openModals.indexOf(titleId), 1);
    };
  }, [titleId]);

  return (
    <div
      className="modal-background"
      data-testid="modal-background"
      onClick={(event) => {
        // Only a click on the background itself, not one bubbling up from the dialog.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} style={{ width }}>
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
