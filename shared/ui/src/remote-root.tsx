import type { ReactNode } from 'react';

/**
 * The root element of a remote's page: its stylesheet is scoped under [data-remote="<id>"], so
 * a remote styles only itself (modals it opens render inside it). The kit's CSS is the only
 * global stylesheet besides the shell's chrome.
 */
export function RemoteRoot({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <div data-remote={id} className={className}>
      {children}
    </div>
  );
}
