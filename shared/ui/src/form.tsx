import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';
import { Button } from './button';

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
      <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
      )}
      {children}
    </div>
  );
}

const withInput = (className: string | undefined, base = 'input') => (className ? `${base} ${className}` : base);

/** A text input in the kit's look; spread a Field's control props onto it. */
export function Input({ className, ...rest }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input {...rest} className={withInput(className)} />;
}

/** A select in the kit's look. */
export function Select({
  className,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select {...rest} className={withInput(className, 'input select')} />;
}

/** A multi-line input in the kit's look (grows only vertically). */
export function TextArea({
  className,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea {...rest} className={withInput(className)} />;
}

/** A checkbox with its label beside it (the label is the click target too); `hint` under it. */
export function Checkbox({
  label,
  hint,
  className,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className={className ? `checkbox-field ${className}` : 'checkbox-field'}>
      <input {...rest} id={rest.id ?? id} type="checkbox" aria-describedby={hint ? `${id}-hint` : undefined} />
      <label htmlFor={rest.id ?? id}>{label}</label>
      {hint && (
        <p className="field-hint muted" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
