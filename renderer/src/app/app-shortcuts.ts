/**
 * The shell's own shortcuts: the sheet, search, and "g" + letter for each view. Views add
 * theirs through useShortcuts (the Orders view: j/k/Enter/p/x).
 */
import { useLocation } from 'wouter';
import { focusSearch } from '../ui/shortcuts/focus-search';
import { type Shortcut, useShortcutStore } from '../ui/shortcuts/shortcut-store';
import { useShortcuts } from '../ui/shortcuts/use-shortcuts';
import { VIEWS } from './view-registry';

export function useAppShortcuts(): void {
  const [, navigate] = useLocation();
  const openSheet = useShortcutStore((s) => s.setSheetOpen);
  const shortcuts: Shortcut[] = [
    {
      id: 'app.shortcuts',
      keys: ['Shift+?', '?'],
      label: 'Show keyboard shortcuts',
      group: 'General',
      run: () => openSheet(true),
    },
    {
      id: 'app.search',
      keys: ['/'],
      label: 'Search',
      group: 'General',
      run: () => void focusSearch(),
    },
    ...VIEWS.map((view) => ({
      id: `nav.${view.id}`,
      keys: [view.goKeys],
      label: view.label,
      group: 'Go to',
      run: () => navigate(view.path),
    })),
  ];
  useShortcuts(shortcuts);
}
