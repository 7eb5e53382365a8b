// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { bindingTable, isTypingTarget, sheetGroups, useShortcutStore } from './shortcut-store';

const noop = () => {};

afterEach(() => useShortcutStore.setState({ shortcuts: {} }));

describe('shortcut registry', () => {
  it('registers and removes exactly what one call added', () => {
    const { register } = useShortcutStore.getState();
    const offA = register([{ id: 'a', keys: ['j'], label: 'Next', group: 'Orders', run: noop }]);
    const offB = register([
      { id: 'b', keys: ['k'], label: 'Previous', group: 'Orders', run: noop },
    ]);
    expect(Object.keys(useShortcutStore.getState().shortcuts).sort()).toEqual(['a', 'b']);
    offA();
    expect(Object.keys(useShortcutStore.getState().shortcuts)).toEqual(['b']);
    offB();
    expect(useShortcutStore.getState().shortcuts).toEqual({});
  });

  it('lets a later registration take a key over, and gives it back when it leaves', () => {
    const { register } = useShortcutStore.getState();
    const globalRun = () => 'global';
    const viewRun = () => 'view';
    register([
      { id: 'app.search', keys: ['/'], label: 'Search', group: 'General', run: globalRun },
    ]);
    const off = register([
      {
        id: 'orders.search',
        keys: ['/'],
        label: 'Scan or search orders',
        group: 'Orders',
        run: viewRun,
      },
    ]);
    let shortcuts = useShortcutStore.getState().shortcuts;
    expect(bindingTable(shortcuts).get('/')?.id).toBe('orders.search');
    // The sheet shows only shortcuts that still own a key.
    expect(sheetGroups(shortcuts)).toEqual([
      { group: 'Orders', items: [expect.objectContaining({ id: 'orders.search' })] },
    ]);
    off();
    shortcuts = useShortcutStore.getState().shortcuts;
    expect(bindingTable(shortcuts).get('/')?.id).toBe('app.search');
  });

  it('re-registering an id does not let the old unregister remove the new one', () => {
    const { register } = useShortcutStore.getState();
    const offOld = register([{ id: 'x', keys: ['x'], label: 'Old', group: 'G', run: noop }]);
    register([{ id: 'x', keys: ['x'], label: 'New', group: 'G', run: noop }]);
    offOld();
    expect(useShortcutStore.getState().shortcuts.x?.label).toBe('New');
  });

  it('groups the sheet in registration order', () => {
    const { register } = useShortcutStore.getState();
    register([
      { id: 'g1', keys: ['?'], label: 'Help', group: 'General', run: noop },
      { id: 'n1', keys: ['g o'], label: 'Orders', group: 'Go to', run: noop },
      { id: 'g2', keys: ['/'], label: 'Search', group: 'General', run: noop },
    ]);
    const groups = sheetGroups(useShortcutStore.getState().shortcuts);
    expect(groups.map((g) => [g.group, g.items.map((i) => i.id)])).toEqual([
      ['General', ['g1', 'g2']],
      ['Go to', ['n1']],
    ]);
  });
});

describe('isTypingTarget', () => {
  // The renderer's test files share one document per worker (vitest.config.ts): leave it empty.
  afterEach(() => document.body.replaceChildren());

  it('is true in fields and editable elements, false elsewhere', () => {
    document.body.innerHTML = `
      <input id="i"><textarea id="t"></textarea><select id="s"></select>
      <div contenteditable="true"><span id="e">x</span></div>
      <button id="b">ok</button>`;
    for (const id of ['i', 't', 's', 'e'])
      expect(isTypingTarget(document.getElementById(id)), id).toBe(true);
    expect(isTypingTarget(document.getElementById('b'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(window)).toBe(false);
  });
});
