/**
 * Binds the registry to the keyboard (tinykeys: key sequences like "g o", modifiers, both
 * key and code matching). Plain-key shortcuts are ignored while the person types in a field,
 * and never fire while a dialog or menu has focus (Radix handles its own keys there).
 */
import { useEffect, useMemo } from 'react';
import { tinykeys } from 'tinykeys';
import { bindingTable, isTypingTarget, useShortcutStore } from './shortcut-store';

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
        shortcut.run(event);
      };
    }
    return tinykeys(window, bindings);
  }, [table]);
  return null;
}
