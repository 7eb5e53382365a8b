/**
 * One Packbench per user session: two copies would share the settings file, the print spool
 * and the account's rate limit, and fight over all three. A second launch hands over to the
 * first (which comes to the front) and quits.
 */
import type { App } from 'electron';

export interface FocusableWindow {
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

/** Returns false when another instance holds the lock: the caller should quit at once. */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'on'>,
  mainWindow: () => FocusableWindow | undefined,
): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', () => {
    const win = mainWindow();
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  });
  return true;
}
