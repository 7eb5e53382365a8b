/**
 * The shortcut registry: every keyboard shortcut the console answers, with the text the
 * shortcut sheet shows. The shell registers the global ones (?, /, g o …); a view registers
 * its own while it is shown (the Orders view: j/k/Enter/p/x) and they go away with it. When
 * two shortcuts share a key, the later registration wins, so a view may take over a key
 * while it is on screen.
 */
import { create } from 'zustand';

export interface Shortcut {
  /** Unique, e.g. "nav.orders" or "orders.next-row". */
  id: string;
  /** tinykeys bindings: "j", "g o", "Shift+?", "$mod+k". The first one is shown. */
  keys: readonly string[];
  /** What it does, for the sheet: "Next row". */
  label: string;
  /** The sheet's section: "General", "Go to", "Orders". */
  group: string;
  run(event: KeyboardEvent): void;
  /** Also while typing in a field (only for modifier shortcuts that cannot be text). */
  allowInFields?: boolean;
  /**
   * No effect any more: every shortcut runs as its key reaches the layer (the scanner listener
   * now holds a key that may begin a code before any shortcut sees it). Kept so that views
   * still passing it compile.
   * @deprecated
   */
  immediate?: boolean;
}

interface Registered extends Shortcut {
  order: number;
}

interface ShortcutState {
  shortcuts: Record<string, Registered>;
  /** Whether the shortcut sheet ("?") is open. */
  sheetOpen: boolean;
  setSheetOpen(open: boolean): void;
  /** Adds (or replaces) shortcuts; returns the function that removes exactly these. */
  register(shortcuts: readonly Shortcut[]): () => void;
}

let order = 0;

export const useShortcutStore = create<ShortcutState>()((set, get) => ({
  shortcuts: {},
  sheetOpen: false,
  setSheetOpen: (open) => set({ sheetOpen: open }),
  register: (list) => {
    const added = list.map((s) => ({ ...s, order: order++ }));
    set((state) => {
      const next = { ...state.shortcuts };
      for (const s of added) next[s.id] = s;
      return { shortcuts: next };
    });
    return () => {
      // Remove only what this call added: a newer registration under the same id stays.
      const current = get().shortcuts;
      const next = { ...current };
      for (const s of added) if (next[s.id] === s) delete next[s.id];
      set({ shortcuts: next });
    };
  },
}));

/** Each key binding to the shortcut that owns it (the latest registration wins). */
export function bindingTable(shortcuts: Record<string, Registered>): Map<string, Shortcut> {
  const table = new Map<string, Shortcut>();
  const sorted = Object.values(shortcuts).sort((a, b) => a.order - b.order);
  for (const s of sorted) for (const key of s.keys) table.set(key, s);
  return table;
}

/** The sheet's contents: groups in first-registered order, shortcuts that still own a key. */
export function sheetGroups(
  shortcuts: Record<string, Registered>,
): { group: string; items: Shortcut[] }[] {
  const owners = new Set(bindingTable(shortcuts).values());
  const groups = new Map<string, Shortcut[]>();
  const sorted = Object.values(shortcuts).sort((a, b) => a.order - b.order);
  for (const s of sorted) {
    if (!owners.has(s)) continue;
    const items = groups.get(s.group) ?? [];
    items.push(s);
    groups.set(s.group, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** True when the key press is typing: in a field, an editable element or a select. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return element.closest('input, textarea, select, [contenteditable="true"]') !== null;
}
