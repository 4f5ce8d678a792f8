import { create } from 'zustand';

interface ChromeState {
  /** The current route hides the navbar. */
  hideNav: boolean;
  /** The current route needs a signed-in user (startup and logout decide by it). */
  authRequired: boolean;
  setRoute(route: { hideNav: boolean; authRequired: boolean }): void;
}

/** What the current route asks of the shell's chrome. */
export const useChromeStore = create<ChromeState>()((set) => ({
  hideNav: false,
  authRequired: false,
  setRoute: ({ hideNav, authRequired }) => set({ hideNav, authRequired }),
}));
