/**
 * The application menu: the usual roles (edit, view, window) plus the console's own actions.
 * The console's actions are its keyboard shortcuts ("g o" for Orders, "/" for search, "?" for
 * the shortcut sheet): a menu item presses those keys in the page, so menu and keyboard run
 * the same code in the renderer and no extra IPC channel exists for a page to abuse.
 * Developer tools and reload appear only in development.
 */
import type { MenuItemConstructorOptions } from 'electron';

/** A key the page receives, as Electron's sendInputEvent names it. */
export type KeyPress = { keyCode: string; shift?: boolean };

export interface MenuActions {
  /** Presses keys, one after another, in the focused window's page. */
  press(keys: readonly KeyPress[]): void;
  openLogFolder(): void;
}

export interface MenuOptions {
  isDev: boolean;
  platform: NodeJS.Platform;
  appName: string;
  actions: MenuActions;
}

/** The console's views and their "go to" keys (renderer/src/app/view-registry.ts). */
export const GO_TO: readonly { label: string; keys: string }[] = Object.freeze([
  { label: 'Orders', keys: 'g o' },
  { label: 'Shipments', keys: 'g s' },
  { label: 'Tracking', keys: 'g t' },
  { label: 'Returns', keys: 'g r' },
  { label: 'Inventory', keys: 'g i' },
  { label: 'Locations', keys: 'g l' },
  { label: 'Print queue', keys: 'g p' },
  { label: 'Settings', keys: 'g ,' },
]);

/** "g o" → two presses; "Shift+?" → one press with shift. */
export function keySequence(spec: string): KeyPress[] {
  return spec
    .split(' ')
    .filter((k) => k !== '')
    .map((k) =>
      k.startsWith('Shift+') ? { keyCode: k.slice('Shift+'.length), shift: true } : { keyCode: k },
    );
}

export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { actions, isDev, platform } = options;
  const isMac = platform === 'darwin';
  const press = (spec: string) => () => actions.press(keySequence(spec));
  const macApp: MenuItemConstructorOptions[] = isMac
    ? [
        {
          label: options.appName,
          submenu: [
            { role: 'about' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : [];
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (isDev) {
    view.push({ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' });
  }
  return [
    ...macApp,
    {
      label: '&File',
      submenu: [
        { label: 'Search', accelerator: 'CmdOrCtrl+F', click: press('/') },
        { label: 'Print queue', click: press('g p') },
        { label: 'Settings', accelerator: 'CmdOrCtrl+,', click: press('g ,') },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: '&Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    { label: '&View', submenu: view },
    {
      label: '&Go',
      submenu: GO_TO.map((item) => ({
        label: `${item.label}  (${item.keys})`,
        click: press(item.keys),
      })),
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        // No accelerator: the page already has "?" and a menu accelerator would swallow it.
        { label: 'Keyboard shortcuts  (?)', click: press('Shift+?') },
        { label: 'Open the log folder', click: () => actions.openLogFolder() },
      ],
    },
  ];
}
