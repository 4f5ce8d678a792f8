import { createContext, type ReactNode, useContext } from 'react';

const RemoteContext = createContext<string | null>(null);

/** The id of the remote whose RemoteRoot this component renders in (null outside any). */
export function useRemoteId(): string | null {
  return useContext(RemoteContext);
}

/**
 * The root element of a remote's page: its stylesheet is scoped under [data-remote="<id>"], so
 * a remote styles only itself. The kit's portals (Modal, Drawer) read the id from here and carry
 * it, so a dialog drawn at the end of <body> keeps its remote's layout CSS as well as the kit's.
 */
export function RemoteRoot({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <div data-remote={id} className={className}>
      <RemoteContext.Provider value={id}>{children}</RemoteContext.Provider>
    </div>
  );
}
