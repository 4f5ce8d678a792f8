import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';

// The kit's inputs (in '@outpost/ui/core': the overview's filters use Checkbox and Select);
// Field, FormActions, Fieldset and RadioGroup are in ./form.

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

/**
 * A checkbox with its label beside it (the label is the click target too); `hint` under it.
 * `hideLabel` keeps the label for screen readers only (a checkbox in a table row its columns name).
 */
export function Checkbox({
  label,
  hint,
  hideLabel,
  className,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; hint?: ReactNode; hideLabel?: boolean }) {
  const id = useId();
  return (
    <div className={className ? `checkbox-field ${className}` : 'checkbox-field'}>
      <input {...rest} id={rest.id ?? id} type="checkbox" aria-describedby={hint ? `${id}-hint` : undefined} />
      <label htmlFor={rest.id ?? id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {hint && (
        <p className="field-hint muted" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
