import { formatCount, Markdown, TextArea } from '@outpost/ui';
import { useId } from 'react';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  maxLength: number;
  rows?: number;
  error?: string | null;
}

/** A markdown box with the count of characters left and a preview, rendered by the kit's Markdown. */
export function MarkdownBox({ label, value, onChange, maxLength, rows = 6, error }: Props) {
  const id = useId();
  const over = value.length > maxLength;
  return (
    <div className="field markdown-box">
      <label htmlFor={id}>{label}</label>
      <TextArea
        id={id}
        rows={rows}
        value={value}
        aria-invalid={over || Boolean(error)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="field-hint muted" id={`${id}-hint`}>
        Markdown: **bold**, *italic*, [links](https://example.org), &gt; quotes.{' '}
        <span className={over ? 'error-text' : undefined}>
          {formatCount(value.length)} / {formatCount(maxLength)} characters
        </span>
      </p>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      {value.trim() && (
        <details className="markdown-box-preview">
          <summary>Preview</summary>
          <Markdown text={value} />
        </details>
      )}
    </div>
  );
}
