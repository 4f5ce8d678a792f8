import { lazy, Suspense } from 'react';

const MarkdownView = lazy(() => import('./markdown-view'));

/** Renders markdown safely; the renderer (marked + DOMPurify) is fetched only when first needed. */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <Suspense fallback={<div className={className}>{text}</div>}>
      <MarkdownView text={text} className={className} />
    </Suspense>
  );
}
