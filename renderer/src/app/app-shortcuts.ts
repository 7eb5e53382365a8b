/**
 * The shell's own shortcuts: the sheet, search, and "g" + letter for each view. Views add
 * theirs through useShortcuts (the Orders view: j/k/Enter/p/x).
 */
import { useLocation } from 'wouter';
import { focusSearch } from '../features/shortcuts/focus-search';
import type { Shortcut } from '../features/shortcuts/shortcut-store';
import { useShortcuts } from '../features/shortcuts/use-shortcuts';
import { useUiStore } from './ui-store';
import { VIEWS } from './view-registry';

export function useAppShortcuts(): void {
  const [, navigate] = useLocation();
  const openSheet = useUiStore((s) => s.setShortcutSheetOpen);
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
