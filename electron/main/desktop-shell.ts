/**
 * The desktop app's side of files the console writes: Electron's native folder dialog and the
 * system's file manager, given to the bridge as a DesktopShell (the bridge itself never
 * imports electron). Type imports only, so it is tested with stand-ins for dialog and shell.
 */
import type { BrowserWindow, Dialog, Shell } from 'electron';
import type { DesktopShell } from '../domains/files/desktop-shell';

export function electronDesktopShell(
  dialog: Pick<Dialog, 'showOpenDialog'>,
  shell: Pick<Shell, 'openPath' | 'showItemInFolder'>,
  window: () => BrowserWindow | undefined,
): DesktopShell {
  return {
    pickFolder: async ({ title, defaultPath }) => {
      const options = {
        title,
        ...(defaultPath ? { defaultPath } : {}),
        // createDirectory: macOS offers "New Folder"; elsewhere the dialog has it anyway.
        properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[],
      };
      const parent = window();
      const answer = parent
        ? await dialog.showOpenDialog(parent, options)
        : await dialog.showOpenDialog(options);
      return answer.canceled ? null : (answer.filePaths[0] ?? null);
    },
    openFolder: (folder) => shell.openPath(folder),
    showFile: (file) => shell.showItemInFolder(file),
  };
}
