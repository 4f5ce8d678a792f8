import { useState } from 'react';

interface Props {
  label: string;
  question: string;
  onConfirm: () => void | Promise<void>;
}

/** A destructive button that asks once, inline, before it acts. */
export function ConfirmButton({ label, question, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking)
    return (
      <button type="button" className="button is-danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span>{question}</span>{' '}
      <button
        type="button"
        className="button is-danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setAsking(false);
          }
        }}
      >
        Yes, {label.toLowerCase()}
      </button>{' '}
      <button type="button" className="button is-light" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
