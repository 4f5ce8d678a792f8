import { type ReactNode, useId } from 'react';

export interface FieldProps {
  label: ReactNode;
  /** The inline validation message under the input (role=alert); the input gets aria-invalid. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Renders the control with the id to use and the aria attributes that tie it to hint and error. */
  children(control: { id: string; 'aria-describedby': string | undefined; 'aria-invalid': boolean }): ReactNode;
  className?: string;
}

/** A labelled form field with an optional hint and its inline error under the control. */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': Boolean(error) })}
      {hint && (
        <p className="field-hint muted" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export interface FormActionsProps {
  submitLabel: string;
  /** Disables the buttons while the form is sent. */
  busy?: boolean;
  /** Without it no Cancel button shows. */
  onCancel?(): void;
  cancelLabel?: string;
  /** More buttons, before Cancel (e.g. a Delete on the left). */
  children?: ReactNode;
  danger?: boolean;
}

/** The buttons under a form: the submit button, then Cancel. */
export function FormActions({
  submitLabel,
  busy,
  onCancel,
  cancelLabel = 'Cancel',
  children,
  danger,
}: FormActionsProps) {
  return (
    <div className="form-actions">
      <button type="submit" className={danger ? 'button is-danger' : 'button'} disabled={busy} aria-busy={busy}>
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="button is-light" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
      )}
      {children}
    </div>
  );
}
