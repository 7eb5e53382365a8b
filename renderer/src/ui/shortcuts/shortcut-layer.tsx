/**
 * Binds the registry to the keyboard (tinykeys: key sequences like "g o", modifiers, both key
 * and code matching; a sequence survives the registry changing between its keys). Plain-key
 * shortcuts are ignored while the person types in a field, and never fire while a dialog or
 * menu has focus (Radix handles its own keys there). A scanner's keys never reach this layer:
 * the scanner listener holds every key that may begin a code and gives a person's back
 * (features/scan/use-scanner-listener.ts), so a shortcut runs as soon as its key comes here.
 * Each shortcut run is announced as a `packbench-shortcut` event on the window (detail: id),
 * for the scanner's browser suite to count.
 */
import { useEffect, useMemo, useState } from 'react';
import { SequenceDispatcher } from './sequence-dispatcher';
import { bindingTable, isTypingTarget, useShortcutStore } from './shortcut-store';

/** The window event each shortcut run is announced with. */
export const SHORTCUT_EVENT = 'packbench-shortcut';

function insideOverlay(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null
  );
}

export function ShortcutLayer() {
  const shortcuts = useShortcutStore((s) => s.shortcuts);
  const table = useMemo(() => bindingTable(shortcuts), [shortcuts]);
  // One listener for the layer's life; the bindings change under it (sequence-dispatcher.ts).
  const [dispatcher] = useState(() => new SequenceDispatcher());
  useEffect(() => {
    const listener = (event: KeyboardEvent) => dispatcher.handle(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [dispatcher]);
  useEffect(() => {
    const bindings: Record<string, (event: KeyboardEvent) => void> = {};
    for (const [key, shortcut] of table) {
      bindings[key] = (event) => {
        if (dispatcher.isReplaying) return;
        if (event.defaultPrevented || event.isComposing) return;
        if (!shortcut.allowInFields && isTypingTarget(event.target)) return;
        if (insideOverlay(event.target)) return;
        event.preventDefault();
        window.dispatchEvent(new CustomEvent(SHORTCUT_EVENT, { detail: { id: shortcut.id } }));
        shortcut.run(event);
      };
    }
    dispatcher.setBindings(bindings);
  }, [table, dispatcher]);
  return null;
}
