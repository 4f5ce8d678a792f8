import { Markdown } from '@outpost/ui';
import { useId } from 'react';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  rows?: number;
  /** The longest body the site accepts, when known: shown as a count under the box. */
  maxLength?: number;
  describedBy?: string;
  autoFocus?: boolean;
  textareaRef?: React.Ref<HTMLTextAreaElement>;
}

/** A markdown box with its live preview beside it (under it on phones), rendered by the kit's one Markdown. */
export function MarkdownEditor({
  label,
  value,
  onChange,
  rows = 10,
  maxLength,
  describedBy,
  autoFocus,
  textareaRef,
}: Props) {
  const id = useId();
  const countId = `${id}-count`;
  const over = maxLength !== undefined && value.length > maxLength;
  return (
    <div className="markdown-editor">
      <div className="field markdown-editor-input">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          ref={textareaRef}
          className="input"
          rows={rows}
          value={value}
          // biome-ignore lint/a11y/noAutofocus: the editor page exists to write in this box
          autoFocus={autoFocus}
          aria-invalid={over}
          aria-describedby={
            [describedBy, maxLength !== undefined ? countId : null].filter(Boolean).join(' ') || undefined
          }
          onChange={(event) => onChange(event.target.value)}
        />
        <p className="field-hint muted" id={countId}>
          Markdown: **bold**, *italic*, [links](https://example.org), &gt; quotes, `code`.
          {maxLength !== undefined && (
            <span className={over ? 'error-text' : undefined}>
              {' '}
              {value.length.toLocaleString('en-US')} / {maxLength.toLocaleString('en-US')} characters
            </span>
          )}
        </p>
      </div>
      <section className="markdown-preview" aria-label="Preview">
        <h2 className="markdown-preview-title">Preview</h2>
        {value.trim() ? <Markdown text={value} /> : <p className="muted">Nothing to preview yet.</p>}
      </section>
    </div>
  );
}
