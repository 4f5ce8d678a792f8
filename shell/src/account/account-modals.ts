import { create } from 'zustand';

export type AccountModal = 'settings' | 'notifications' | null;

/** Which of the shell's own modals is open (one at a time). */
export const useAccountModals = create<{ open: AccountModal; show(modal: AccountModal): void }>()((set) => ({
  open: null,
  show: (open) => set({ open }),
}));
