import { type ReactNode, useId } from 'react';

interface Props {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}

/** A labelled form row with its validation message under the input. */
export function Field({ label, error, hint, children }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div>
        {children(id, error ? errorId : undefined)}
        {hint && <p className="muted field-hint">{hint}</p>}
        {error && (
          <p className="field-error" id={errorId} role="alert">
            {error}
          </p>
        )}
      </div>
    </>
  );
}
