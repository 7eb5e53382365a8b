import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { GO_TO, keySequence, menuTemplate } from './app-menu';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [
    item,
    ...(Array.isArray(item.submenu) ? flatten(item.submenu) : []),
  ]);
}

function build(isDev: boolean, platform: NodeJS.Platform = 'linux') {
  const actions = { press: vi.fn(), openLogFolder: vi.fn() };
  const items = flatten(menuTemplate({ isDev, platform, appName: 'Packbench', actions }));
  return { items, actions, roles: items.map((i) => i.role).filter(Boolean) };
}

describe('menuTemplate', () => {
  it('has the usual roles', () => {
    const { roles } = build(false);
    for (const role of [
      'quit',
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'selectAll',
      'windowMenu',
      'help',
    ]) {
      expect(roles).toContain(role);
    }
  });

  it('offers developer tools and reload in development only', () => {
    expect(build(false).roles).not.toContain('toggleDevTools');
    expect(build(false).roles).not.toContain('reload');
    expect(build(true).roles).toContain('toggleDevTools');
  });

  it('has the macOS application menu on macOS only', () => {
    expect(build(false, 'darwin').roles).toContain('hideOthers');
    expect(build(false, 'linux').roles).not.toContain('hideOthers');
  });

  it('runs the console actions by pressing their shortcuts', () => {
    const { items, actions } = build(false);
    const orders = items.find((i) => i.label?.startsWith('Orders'));
    orders?.click?.({} as never, undefined, {} as never);
    expect(actions.press).toHaveBeenCalledWith([{ keyCode: 'g' }, { keyCode: 'o' }]);
    items
      .find((i) => i.label === 'Open the log folder')
      ?.click?.({} as never, undefined, {} as never);
    expect(actions.openLogFolder).toHaveBeenCalled();
    expect(items.filter((i) => GO_TO.some((g) => i.label?.startsWith(g.label)))).not.toHaveLength(
      0,
    );
  });
});

describe('keySequence', () => {
  it('splits sequences and reads Shift', () => {
    expect(keySequence('g ,')).toEqual([{ keyCode: 'g' }, { keyCode: ',' }]);
    expect(keySequence('Shift+?')).toEqual([{ keyCode: '?', shift: true }]);
  });
});
