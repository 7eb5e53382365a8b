/**
 * Registers shortcuts while the calling component is mounted. The handlers may change each
 * render; the registry always calls the latest ones (kept in a ref), so registering does not
 * churn on every keystroke: it is redone only when what the sheet shows changes (ids, keys,
 * labels, groups), and it is built from exactly that description.
 */
import { useEffect, useRef } from 'react';
import { type Shortcut, useShortcutStore } from './shortcut-store';

type Description = Omit<Shortcut, 'run'>;

export function useShortcuts(shortcuts: readonly Shortcut[]): void {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  const description = JSON.stringify(shortcuts.map(({ run: _run, ...rest }) => rest));
  useEffect(() => {
    const described = JSON.parse(description) as Description[];
    return useShortcutStore.getState().register(
      described.map((s) => ({
        ...s,
        run: (event: KeyboardEvent) => latest.current.find((l) => l.id === s.id)?.run(event),
      })),
    );
  }, [description]);
}
