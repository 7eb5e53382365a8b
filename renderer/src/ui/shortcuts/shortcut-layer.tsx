/**
 * Binds the registry to the keyboard (tinykeys: key sequences like "g o", modifiers, both key
 * and code matching; a sequence survives the registry changing between its keys). Plain-key
 * shortcuts are ignored while the person types in a field, and never fire while a dialog or
 * menu has focus (Radix handles its own keys there). A plain letter's shortcut waits a moment,
 * so a scanner's code starting with that letter never runs it, unless it only moves through a
 * list (`immediate`).
 */
import { useEffect, useMemo, useState } from 'react';
import { flushHeldShortcut, holdShortcut } from './held-shortcut';
import { SequenceDispatcher } from './sequence-dispatcher';
import { bindingTable, isTypingTarget, useShortcutStore } from './shortcut-store';

/** A plain printable key (not held down): it may be a scanner's first key (held-shortcut.ts). */
function mayStartScan(event: KeyboardEvent): boolean {
  return (
    event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && !event.repeat
  );
}

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
        if (mayStartScan(event) && !shortcut.immediate) holdShortcut(() => shortcut.run(event));
        else {
          flushHeldShortcut();
          shortcut.run(event);
        }
      };
    }
    dispatcher.setBindings(bindings);
  }, [table, dispatcher]);
  return null;
}
