import type { ReactNode } from 'react';

export type TagTone = 'accent' | 'success' | 'warning' | 'danger' | 'light' | 'muted';

/** A small rounded label (status, count, kind). */
export function Tag({ tone = 'accent', children, title }: { tone?: TagTone; children: ReactNode; title?: string }) {
  return (
    <span className={tone === 'accent' ? 'tag' : `tag is-${tone}`} title={title}>
      {children}
    </span>
  );
}
