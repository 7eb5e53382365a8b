/**
 * Binds the registry to the keyboard (tinykeys: key sequences like "g o", modifiers, both
 * key and code matching). Plain-key shortcuts are ignored while the person types in a field,
 * and never fire while a dialog or menu has focus (Radix handles its own keys there). A plain
 * letter's shortcut waits a moment, so a scanner's code starting with that letter never runs it,
 * unless it only moves through a list (`immediate`).
 */
import { useEffect, useMemo } from 'react';
import { tinykeys } from 'tinykeys';
import { flushHeldShortcut, holdShortcut } from './held-shortcut';
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
  useEffect(() => {
    const bindings: Record<string, (event: KeyboardEvent) => void> = {};
    for (const [key, shortcut] of table) {
      bindings[key] = (event) => {
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
    return tinykeys(window, bindings);
  }, [table]);
  return null;
}
