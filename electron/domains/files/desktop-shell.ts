/**
 * What the desktop app's shell offers the bridge: a native folder picker and the system's
 * file manager. The Electron layer (electron/main/desktop-shell-electron.ts) implements it
 * with `dialog` and `shell`; browser mode has none, and the page downloads files instead.
 * An interface here keeps the bridge free of any `electron` import.
 */
export interface DesktopShell {
  /** The native "choose a folder" dialog; null when the person cancels. */
  pickFolder(options: { title: string; defaultPath?: string }): Promise<string | null>;
  /** Opens a folder in the file manager; resolves to an error message, or '' when it opened. */
  openFolder(folder: string): Promise<string>;
  /** Shows a file selected in its folder (never opens the file itself). */
  showFile(file: string): void;
}
