import { useMemo } from 'react';
import { renderMarkdown } from './markdown';

/** Sanitised markdown (see renderMarkdown); lazy-loaded so marked and DOMPurify stay off the first page. */
export default function MarkdownView({ text, className }: { text: string; className?: string }) {
  const html = useMemo(() => ({ __html: renderMarkdown(text) }), [text]);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes out of DOMPurify (renderMarkdown)
    <div className={className ? `markdown ${className}` : 'markdown'} dangerouslySetInnerHTML={html} />
  );
}
