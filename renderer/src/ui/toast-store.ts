/**
 * The toasts waiting to be shown, in a zustand store so any code (event handlers, mutations,
 * the bridge's notice events) can raise one without a React context. The <Toaster> renders
 * them with Radix Toast.
 */
import { create } from 'zustand';

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
}

interface ToastState {
  toasts: ToastItem[];
  push(toast: Omit<ToastItem, 'id'>): number;
  dismiss(id: number): void;
}

/** At most this many at once: a burst of notices must not bury the screen. */
const MAX_TOASTS = 4;
let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  push: (toast) => {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { ...toast, id }].slice(-MAX_TOASTS) }));
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

export function toast(title: string, options: { description?: string; tone?: ToastTone } = {}) {
  return useToastStore.getState().push({ title, tone: options.tone ?? 'info', ...options });
}
