import { Backdrop, DialogHead, KitPortal, useDialog } from '@outpost/ui/core';
import { type ReactNode, type RefObject, useId } from 'react';

export interface DrawerProps {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  /** The edge it slides from; on phones it always takes the full width. */
  side?: 'start' | 'end';
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** A full-height side sheet (details, filters, a phone menu): the Modal's behaviour at an edge. */
export function Drawer({ title, onClose, children, footer, side = 'end', returnFocusTo }: DrawerProps) {
  const titleId = useId();
  const { dialogRef, isTop } = useDialog({ onClose, returnFocusTo });
  return (
    <KitPortal>
      <Backdrop kind="drawer" isTop={isTop} onClose={onClose}>
        <div
          ref={dialogRef}
          className={`drawer-card is-${side}`}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
        >
          <DialogHead kind="drawer" id={titleId} title={title} showClose onClose={onClose} />
          <div className="drawer-body">{children}</div>
          {footer && <footer className="modal-foot">{footer}</footer>}
        </div>
      </Backdrop>
    </KitPortal>
  );
}
