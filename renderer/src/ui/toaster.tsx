/**
 * Renders the toast store with Radix Toast: a labelled live region (F8 jumps to it), pause on
 * hover and focus, swipe or Escape to dismiss. Errors stay until dismissed; the rest fade.
 */
import { Toast } from 'radix-ui';
import { cn } from './cn';
import { type ToastTone, useToastStore } from './toast-store';

const toneClass: Record<ToastTone, string> = {
  info: 'border-line',
  success: 'border-ok',
  warning: 'border-warn',
  error: 'border-danger',
};

export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <Toast.Provider swipeDirection="right" label="Notifications">
      {toasts.map((t) => (
        <Toast.Root
          key={`${t.id}-${t.shownAt}`}
          type={t.tone === 'error' ? 'foreground' : 'background'}
          duration={t.tone === 'error' ? Number.POSITIVE_INFINITY : 6000}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={cn(
            'flex items-start gap-3 rounded-md border-l-4 border bg-surface p-3 text-fg shadow-lg',
            toneClass[t.tone],
          )}
        >
          <div className="flex-1">
            <Toast.Title className="text-sm font-semibold">
              {t.title}
              {t.repeats > 1 && (
                <span className="ml-1 font-normal text-muted">
                  <span aria-hidden>×{t.repeats}</span>
                  <span className="sr-only">({t.repeats} times)</span>
                </span>
              )}
            </Toast.Title>
            {t.description && (
              <Toast.Description className="mt-0.5 text-sm text-muted">
                {t.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close aria-label="Dismiss" className="rounded px-1 text-muted hover:text-fg">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed right-4 bottom-4 z-50 flex w-96 max-w-[92vw] flex-col gap-2 outline-none" />
    </Toast.Provider>
  );
}
