import { create } from 'zustand';

/** SPEC 4 startup states. */
export const STARTUP = { none: 0, waitingForAuth: 1, needsAuth: 2, show: 3 } as const;
export type StartupState = (typeof STARTUP)[keyof typeof STARTUP];

export const useStartupStore = create<{ state: StartupState; setState(state: StartupState): void }>()((set) => ({
  state: STARTUP.none,
  setState: (state) => set({ state }),
}));
