import { Input, Modal } from '@outpost/ui/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Field, FormActions } from './form';
import { useKitWords } from './kit-words';

export interface ReasonDialogProps {
  title: string;
  /** What will happen, above the field. */
  children?: ReactNode;
  submitLabel: string;
  /** The field's hint (who sees the reason). */
  hint?: string;
  maxLength?: number;
  /** A red submit button for an action on someone (kick, remove). */
  danger?: boolean;
  /** Does the action with the trimmed reason; the dialog stays open (busy) until it resolves. */
  onSubmit(reason: string): Promise<void> | void;
  onCancel(): void;
}

/** Asks for a reason before an action that needs one (a kick from the web): refuses an empty one. */
export function ReasonDialog({
  title,
  children,
  submitLabel,
  hint,
  maxLength = 200,
  danger,
  onSubmit,
  onCancel,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const say = useKitWords();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(say('ui.reason.missing', 'Give a reason'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSubmit(trimmed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={title} onClose={busy ? () => {} : onCancel} width="30rem">
      <form className="stack-form" onSubmit={submit} noValidate>
        {children}
        <Field label={say('ui.reason.label', 'Reason')} hint={hint} error={error}>
          {(control) => (
            <Input {...control} value={reason} maxLength={maxLength} onChange={(e) => setReason(e.target.value)} />
          )}
        </Field>
        <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} danger={danger} />
      </form>
    </Modal>
  );
}
