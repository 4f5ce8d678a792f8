import { Button } from '@outpost/ui/core';
import type { FieldsetHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import { useKitWords } from './kit-words';

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
export function FormActions({ submitLabel, busy, onCancel, cancelLabel, children, danger }: FormActionsProps) {
  const say = useKitWords();
  return (
    <div className="form-actions">
      <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button onClick={onCancel} disabled={busy}>
          {cancelLabel ?? say('ui.form.cancel', 'Cancel')}
        </Button>
      )}
      {children}
    </div>
  );
}

export interface FieldRowProps {
  /** The row's Fields (each takes an equal share; a page's CSS may let one grow more). */
  children: ReactNode;
  /** The buttons that act on the fields (Add, Remove, Search): level with the controls. */
  actions?: ReactNode;
  className?: string;
}

/**
 * Fields and the buttons that act on them in one row (an "Except the player" beside its two
 * fields, a Remove beside a rule). The buttons sit level with the controls, not with the labels
 * nor lower than the inputs (a Field's bottom margin and its hint or error do not move them).
 * Fields wrap onto rows of their own when the row is narrow (a phone).
 */
export function FieldRow({ children, actions, className }: FieldRowProps) {
  return (
    <div className={className ? `field-row ${className}` : 'field-row'}>
      {children}
      {actions && <div className="field-row-actions">{actions}</div>}
    </div>
  );
}

export interface FieldsetProps extends Omit<FieldsetHTMLAttributes<HTMLFieldSetElement>, 'children'> {
  /** The group's name; without it the fieldset is plain (it only disables or groups what it holds). */
  legend?: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
}

/**
 * A group of related controls: with a legend, a box in the kit's look; without one, a plain
 * wrapper whose `disabled` turns off every control inside (a form busy saving).
 */
export function Fieldset({ legend, hint, children, className, ...rest }: FieldsetProps) {
  const look = legend === undefined ? 'fieldset-plain' : 'fieldset';
  return (
    <fieldset {...rest} className={className ? `${look} ${className}` : look}>
      {legend !== undefined && <legend>{legend}</legend>}
      {hint && <p className="field-hint muted">{hint}</p>}
      {children}
    </fieldset>
  );
}

export interface RadioOption<T extends string> {
  value: T;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<T extends string> {
  legend: ReactNode;
  /** The options name the choices (T is read from them): a value or handler of a wider type is refused. */
  value: NoInfer<T>;
  options: ReadonlyArray<RadioOption<T>>;
  onChange(value: NoInfer<T>): void;
  hint?: ReactNode;
  /** Drawn inside the group after the options: the fields the chosen option asks for. */
  children?: ReactNode;
  className?: string;
}

/**
 * One choice among a few, as radios in a Fieldset: arrows move between them (the browser's radio
 * group, named by useId so two groups on a page never share a name).
 */
export function RadioGroup<T extends string>({
  legend,
  value,
  options,
  onChange,
  hint,
  children,
  className,
}: RadioGroupProps<T>) {
  const name = useId();
  return (
    <Fieldset legend={legend} hint={hint} className={className ? `radio-group ${className}` : 'radio-group'}>
      {options.map((option) => {
        const id = `${name}-${option.value}`;
        return (
          <div className="radio-field" key={option.value}>
            <input
              type="radio"
              id={id}
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              aria-describedby={option.hint ? `${id}-hint` : undefined}
              onChange={() => onChange(option.value)}
            />
            <label htmlFor={id}>{option.label}</label>
            {option.hint && (
              <p className="field-hint muted" id={`${id}-hint`}>
                {option.hint}
              </p>
            )}
          </div>
        );
      })}
      {children}
    </Fieldset>
  );
}
