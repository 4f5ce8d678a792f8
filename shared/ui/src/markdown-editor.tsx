import { Markdown, TextArea } from '@outpost/ui/core';
import { type Ref, useId } from 'react';
import { formatCount } from './format-bytes';
import { useKitWords } from './kit-words';

export interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange(value: string): void;
  rows?: number;
  /** The longest text the site accepts, when known: shown as a count under the box (over it: an error look). */
  maxLength?: number;
  /** The inline validation message under the box (role=alert); the box gets aria-invalid. */
  error?: string | null;
  /** More ids that describe the box (e.g. a notice above it). */
  describedBy?: string;
  autoFocus?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
  /**
   * 'beside': the live preview beside the box (under it on phones), for pages written in;
   * 'fold': a "Preview" disclosure under the box, for dialogs with little room.
   */
  preview?: 'beside' | 'fold';
}

/**
 * THE markdown editor (one for every remote): a labelled box, the markdown hint, the count of
 * characters against the limit, the inline error, and a live preview rendered by the kit's one
 * sanitising Markdown.
 */
export function MarkdownEditor({
  label,
  value,
  onChange,
  rows = 8,
  maxLength,
  error,
  describedBy,
  autoFocus,
  textareaRef,
  preview = 'beside',
}: MarkdownEditorProps) {
  const id = useId();
  const say = useKitWords();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const over = maxLength !== undefined && value.length > maxLength;
  const filled = value.trim() !== '';
  return (
    <div className={`markdown-editor is-${preview}`}>
      <div className="field markdown-editor-input">
        <label htmlFor={id}>{label}</label>
        <TextArea
          id={id}
          ref={textareaRef}
          rows={rows}
          value={value}
          autoFocus={autoFocus}
          aria-invalid={over || Boolean(error)}
          aria-describedby={[describedBy, hintId, error ? errorId : null].filter(Boolean).join(' ')}
          onChange={(event) => onChange(event.target.value)}
        />
        <p className="field-hint muted" id={hintId}>
          {say('ui.markdown.hint', 'Markdown: **bold**, *italic*, [links](https://example.org), > quotes, `code`.')}
          {maxLength !== undefined && (
            <>
              {' '}
              {/* The count stays on one line (never '0 /' here and '20,000' on the next). */}
              <span className={over ? 'markdown-editor-count error-text' : 'markdown-editor-count'}>
                {say('ui.markdown.count', `${formatCount(value.length)} / ${formatCount(maxLength)} characters`, {
                  count: formatCount(value.length),
                  max: formatCount(maxLength),
                })}
              </span>
            </>
          )}
        </p>
        {error && (
          <p className="field-error" id={errorId} role="alert">
            {error}
          </p>
        )}
      </div>
      {preview === 'beside' ? (
        <section className="markdown-editor-preview" aria-label={say('ui.markdown.preview', 'Preview')}>
          <h2 className="markdown-editor-preview-title">{say('ui.markdown.preview', 'Preview')}</h2>
          {filled ? (
            <Markdown text={value} />
          ) : (
            <p className="muted">{say('ui.markdown.empty', 'Nothing to preview yet.')}</p>
          )}
        </section>
      ) : (
        filled && (
          <details className="markdown-editor-fold">
            <summary>{say('ui.markdown.preview', 'Preview')}</summary>
            <Markdown text={value} />
          </details>
        )
      )}
    </div>
  );
}
