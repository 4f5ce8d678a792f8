import { useMemo } from 'react';
import { renderMarkdown } from './render-markdown';

/** Renders markdown sanitised by DOMPurify (see render-markdown.ts). */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => ({ __html: renderMarkdown(source) }), [source]);
  const classes = className ? `markdown ${className}` : 'markdown';
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown sanitises with DOMPurify
  return <div className={classes} dangerouslySetInnerHTML={html} />;
}
