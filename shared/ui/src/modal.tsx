import { type ReactNode, type RefObject, useId } from 'react';
import { useDialog } from './dialog-stack';
import { useT } from './i18n';
import { Icon } from './icon';
import { KitPortal } from './portal';

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
  /** See DialogBehaviour: where the focus returns if the opener is gone. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** The background of a dialog: a click on it (not one bubbling from the dialog) closes the top one. */
export function Backdrop({
  kind,
  isTop,
  onClose,
  children,
}: {
  kind: 'modal' | 'drawer';
  isTop(): boolean;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <div
      className={`${kind}-background`}
      data-testid={`${kind}-background`}
      onClick={(event) => {
        if (event.target === event.currentTarget && isTop()) onClose();
      }}
    >
      {children}
    </div>
  );
}

/** The head of a dialog: its title (the accessible name) and the close button. */
export function DialogHead({
  id,
  title,
  showClose,
  onClose,
  kind,
}: {
  id: string;
  title: ReactNode;
  showClose: boolean;
  onClose(): void;
  kind: string;
}) {
  const t = useT();
  return (
    <header className={`${kind}-head`}>
      <h2 id={id} className={`${kind}-title`}>
        {title}
      </h2>
      {showClose && (
        <button type="button" className="modal-close" aria-label={t('ui.modal.close')} onClick={onClose}>
          <Icon name="close" size={20} />
        </button>
      )}
    </header>
  );
}

/**
 * SPEC 2: a modal closes on Escape or a click on its background (only the top one of a stack),
 * and shows a close button unless told not to. Drawn in a KitPortal, so it is styled wherever it
 * is opened from. Focus moves in, stays in, and returns (see useDialog).
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  width,
  showClose = true,
  className,
  returnFocusTo,
}: ModalProps) {
  const titleId = useId();
  const { dialogRef, isTop } = useDialog({ onClose, returnFocusTo });
  return (
    <KitPortal>
      <Backdrop kind="modal" isTop={isTop} onClose={onClose}>
        <div
          ref={dialogRef}
          className={className ? `modal-card ${className}` : 'modal-card'}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          style={width ? { width } : undefined}
        >
          <DialogHead kind="modal" id={titleId} title={title} showClose={showClose} onClose={onClose} />
          <div className="modal-body">{children}</div>
          {footer && <footer className="modal-foot">{footer}</footer>}
        </div>
      </Backdrop>
    </KitPortal>
  );
}
