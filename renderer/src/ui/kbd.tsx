/** A key cap for shortcut hints ("g o", "?"). */
import type { ReactNode } from 'react';

export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="inline-flex min-w-5 items-center justify-center rounded border border-line bg-raised px-1 font-mono text-xs text-fg">
      {children}
    </kbd>
  );
}

/** A key sequence written as "g o" or "Shift+?" shown as separate caps. */
export function KeySequence({ keys }: { keys: string }) {
  return (
    <span className="inline-flex gap-1">
      {keys.split(' ').map((k, i) => (
        // Position is the identity here: the same key may appear twice in a sequence.
        // biome-ignore lint/suspicious/noArrayIndexKey: static list, never reordered
        <Kbd key={i}>{k}</Kbd>
      ))}
    </span>
  );
}
