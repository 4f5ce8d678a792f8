import { type ReactNode, useEffect, useId, useRef } from 'react';

interface ModalProps {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  /** CSS width, e.g. '40%'. */
  width?: string;
  showClose?: boolean;
}

/** SPEC 2: a modal closes on Escape or a click on its background, and may show a close button. */
export function Modal({ title, onClose, children, footer, width, showClose = true }: ModalProps) {
  const titleId = useId();
  const card = useRef<HTMLDivElement>(null);
  // Focus moves into the dialog when it opens and back to where it was when it closes.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    card.current?.focus();
    return () => before?.focus();
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div
      className="modal-background"
      data-testid="modal-background"
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={card}
        className="modal-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width }}
      >
        <header className="modal-head">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {showClose && (
            <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          )}
        </header>
        <section className="modal-body">{children}</section>
        {footer && <footer className="modal-foot">{footer}</footer>}
      </div>
    </div>
  );
}
