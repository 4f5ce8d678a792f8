import { lazy, Suspense } from 'react';

const MarkdownView = lazy(() => import('./markdown-view'));

/**
 * Renders markdown safely (see renderMarkdown: SPEC line breaks, unsafe link schemes dropped).
 * The renderer (marked + DOMPurify) is fetched on first use; until then the plain text shows.
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const classes = className ? `markdown ${className}` : 'markdown';
  return (
    <Suspense fallback={<div className={classes}>{text}</div>}>
      <MarkdownView text={text} className={className} />
    </Suspense>
  );
}
