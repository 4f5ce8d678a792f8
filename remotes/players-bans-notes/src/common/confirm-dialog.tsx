import { type ReactNode, useState } from 'react';
import { Modal } from './modal';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Resolves when the action is done; the dialog stays open (busy) until then. */
  onConfirm(): Promise<void> | void;
  onCancel(): void;
  danger?: boolean;
}

/** Asks before a change that cannot be taken back quietly (unban, delete, save privileges). */
export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onCancel, danger }: Props) {
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
    <Modal title={title} onClose={busy ? () => {} : onCancel} width="28rem">
      <div className="confirm-body">{children}</div>
      <div className="button-row">
        <button type="button" className="button is-light" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className={danger ? 'button is-danger' : 'button'} onClick={confirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
