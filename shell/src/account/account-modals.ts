import { create } from 'zustand';

export type AccountModal = 'settings' | 'notifications' | null;

interface AccountModals {
  open: AccountModal;
  /** The control that opened the modal: the focus goes back to it when the modal closes. */
  opener: HTMLElement | null;
  show(modal: AccountModal, opener?: HTMLElement | null): void;
}

/** Which of the shell's own modals is open (one at a time). */
export const useAccountModals = create<AccountModals>()((set) => ({
  open: null,
  opener: null,
  show: (open, opener = null) => set(open ? { open, opener } : { open }),
}));
