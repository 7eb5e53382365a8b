/**
 * The toasts waiting to be shown, in a zustand store so any code (event handlers, mutations,
 * the bridge's notice events) can raise one without a React context. The <Toaster> renders
 * them with Radix Toast.
 */
import { create } from 'zustand';
import { errorMessage } from '../query/bridge-call';

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
  /** How many times this same toast was raised while it showed ("×3"). */
  repeats: number;
  /** Changes when a repeat arrives, so the toast's timer starts again (the React key). */
  shownAt: number;
}

interface ToastState {
  toasts: ToastItem[];
  push(toast: Omit<ToastItem, 'id' | 'repeats' | 'shownAt'>): number;
  dismiss(id: number): void;
}

/** At most this many at once: a burst of notices must not bury the screen. */
const MAX_TOASTS = 4;
let nextId = 1;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  push: (toast) => {
    // The same news again (a notice repeated by a retry loop, a button pressed twice) counts
    // up on the toast already showing instead of piling up a copy.
    const same = get().toasts.find(
      (t) =>
        t.title === toast.title && t.description === toast.description && t.tone === toast.tone,
    );
    if (same) {
      const again = { ...same, repeats: same.repeats + 1, shownAt: nextId++ };
      set((s) => ({ toasts: [...s.toasts.filter((t) => t.id !== same.id), again] }));
      return same.id;
    }
    const id = nextId++;
    set((s) => ({
      toasts: [...s.toasts, { ...toast, id, repeats: 1, shownAt: id }].slice(-MAX_TOASTS),
    }));
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

export function toast(title: string, options: { description?: string; tone?: ToastTone } = {}) {
  return useToastStore.getState().push({ title, tone: options.tone ?? 'info', ...options });
}

/** What did not happen (the title) and why, in the failure's own words. */
export function toastFailure(title: string, error: unknown) {
  return toast(title, { tone: 'error', description: errorMessage(error) });
}

/** The mutation options of a setting saved as it is changed: a toast says when it was not. */
export const NOT_SAVED_TOAST = { onError: (error: unknown) => toastFailure('Not saved', error) };
