import { create } from 'zustand';

/** What the current route asks of the shell's chrome (the navbar may be hidden). */
export const useChromeStore = create<{ hideNav: boolean; setHideNav(hide: boolean): void }>()((set) => ({
  hideNav: false,
  setHideNav: (hideNav) => set({ hideNav }),
}));
