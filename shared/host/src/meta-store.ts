import type { MetaResponse } from '@outpost/contracts';
import { create } from 'zustand';

export interface MetaState {
  /** Null until /api/meta (or its local-storage cache) has answered. */
  meta: MetaResponse | null;
  setMeta(meta: MetaResponse): void;
}

/** Written by the shell at start, read by the shell and by remotes (e.g. the overview's notice). */
export const useMetaStore = create<MetaState>()((set) => ({
  meta: null,
  setMeta: (meta) => set({ meta }),
}));
