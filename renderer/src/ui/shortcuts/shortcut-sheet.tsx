/**
 * The shortcut sheet ("?"): every shortcut that currently answers, grouped, from the registry
 * itself, so a view's own shortcuts appear while it is on screen.
 */
import { useMemo } from 'react';
import { Dialog } from '../dialog';
import { KeySequence } from '../kbd';
import { sheetGroups, useShortcutStore } from './shortcut-store';

export function ShortcutSheet() {
  const open = useShortcutStore((s) => s.sheetOpen);
  const setOpen = useShortcutStore((s) => s.setSheetOpen);
  const shortcuts = useShortcutStore((s) => s.shortcuts);
  const groups = useMemo(() => sheetGroups(shortcuts), [shortcuts]);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Keyboard shortcuts"
      description="Letters work when no text field has the focus. Press Escape to close."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {groups.map(({ group, items }) => (
          <section key={group} aria-label={group}>
            <h3 className="mb-1 text-sm font-semibold text-muted">{group}</h3>
            <dl className="flex flex-col gap-1">
              {items.map((s) => (
                <div key={s.id} className="flex items-center justify-between gap-3 text-sm">
                  <dt>{s.label}</dt>
                  <dd>
                    <KeySequence keys={displayKeys(s.keys[0] ?? '')} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}

/** "Shift+?" is shown as "?": the shifted character is what the person sees on the key. */
function displayKeys(binding: string): string {
  return binding.replace(/^Shift\+(.)$/, '$1').replace('$mod', 'Ctrl');
}
