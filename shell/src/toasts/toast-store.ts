import { create } from 'zustand';

export type ToastType = 'info' | 'success' | 'warn' | 'error';

export interface ToastItem {
  id: number;
  title: string;
  text: string;
  type: ToastType;
  state: 'idle' | 'destroyed';
  /** Animation speed in ms. */
  speed: number;
  /** How long the toast stays, in ms. */
  length: number;
  data?: unknown;
}

/** SPEC 9 toast defaults. */
export const TOAST_DEFAULTS = {
  duration: 3000,
  speed: 300,
  width: 300,
  max: Number.POSITIVE_INFINITY,
  closeOnClick: true,
  pauseOnHover: false,
  position: 'top right',
} as const;

interface ToastState {
  items: ToastItem[];
  show(toast: { title?: string; text: string; type?: ToastType; duration?: number; data?: unknown }): number;
  destroy(id: number): void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  items: [],
  show({ title = '', text, type = 'info', duration = TOAST_DEFAULTS.duration, data }) {
    const id = nextId++;
    const item: ToastItem = {
      id,
      title,
      text,
      type,
      state: 'idle',
      speed: TOAST_DEFAULTS.speed,
      length: duration,
      data,
    };
    set((state) => {
      const items = [...state.items, item];
      // Past the maximum the oldest go first.
      return { items: items.length > TOAST_DEFAULTS.max ? items.slice(items.length - TOAST_DEFAULTS.max) : items };
    });
    setTimeout(() => useToastStore.getState().destroy(id), duration);
    return id;
  },
  destroy(id) {
    set((state) => ({ items: state.items.filter((item) => item.id !== id) }));
  },
}));
