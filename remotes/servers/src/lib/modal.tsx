import { type ReactNode, useEffect, useId, useRef } from 'react';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** SPEC 2: a modal may show a close button. */
  showClose?: boolean;
}

/** SPEC 2 "Modals in general": closes on Escape or a click on its background. */
export function Modal({ title, onClose, children, footer, showClose = true }: Props) {
  const titleId = useId();
  const card = useRef<HTMLDivElement>(null);
  // Focus moves into the dialog so keyboard and screen-reader users land in it.
  useEffect(() => card.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="modal-background" data-testid="modal-background" onClick={onClose}>
      <div
        className="modal-card card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={card}
        onClick={(event) => event.stopPropagation()}
      >
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          {showClose && (
            <button type="button" className="link-button modal-close" aria-label="Close dialog" onClick={onClose}>
              ✕
            </button>
          )}
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>
  );
}
