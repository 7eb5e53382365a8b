/**
 * Registers shortcuts while the calling component is mounted. The handlers may change each
 * render; the registry always calls the latest ones (kept in a ref), so registering does not
 * churn on every keystroke.
 */
import { useEffect, useRef } from 'react';
import { type Shortcut, useShortcutStore } from './shortcut-store';

export function useShortcuts(shortcuts: readonly Shortcut[]): void {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  // Re-register only when the set of ids or keys changes.
  const signature = shortcuts.map((s) => `${s.id}=${s.keys.join('|')}:${s.label}`).join(';');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the list
  useEffect(() => {
    const stable = latest.current.map((s, i) => ({
      ...s,
      run: (event: KeyboardEvent) => latest.current[i]?.run(event),
    }));
    return useShortcutStore.getState().register(stable);
  }, [signature]);
}
