import type { ReactNode } from 'react';

/** Colours by meaning (tokens --<tone>, --<tone>-subtle, --<tone>-fg). */
export type Tone = 'accent' | 'info' | 'success' | 'warning' | 'danger' | 'neutral';
/** A Tag's tone; 'light' and 'muted' are older names of 'neutral'. */
export type TagTone = Tone | 'light' | 'muted';

/** A small rounded label (a kind, a count, a category). For a state use StatusBadge. */
export function Tag({ tone = 'accent', children, title }: { tone?: TagTone; children: ReactNode; title?: string }) {
  return (
    <span className={tone === 'accent' ? 'tag' : `tag is-${tone}`} title={title}>
      {children}
    </span>
  );
}
