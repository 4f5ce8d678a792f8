import { Button, Modal } from '@outpost/ui/core';
import { type ReactNode, useState } from 'react';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Resolves when the action is done; the dialog stays open (busy) until then. */
  onConfirm(): Promise<void> | void;
  onCancel(): void;
  /** A red confirm button for what cannot be taken back. */
  danger?: boolean;
}

/** Asks before a change that cannot be taken back quietly (unban, delete, save privileges). */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  danger,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      onClose={busy ? () => {} : onCancel}
      width="28rem"
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={confirm} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="confirm-body">{children}</div>
    </Modal>
  );
}
