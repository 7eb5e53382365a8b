/**
 * Electron's security checklist, applied in one place: the window's webPreferences and the
 * app-wide hooks that guard every webContents the app ever creates. The preferences are a pure
 * value (checked by unit tests and by `assertSecureWebPreferences` at window creation), so a
 * later edit that loosens one fails loudly instead of shipping.
 */
import type { App, WebContents, WebPreferences } from 'electron';
import { type GuardOptions, guardWebContents } from './navigation-guards';

/** Preference keys whose value must be exactly this in every window of the app. */
const REQUIRED = Object.freeze({
  // The page and the preload live in separate JavaScript worlds; only contextBridge crosses.
  contextIsolation: true,
  // The renderer runs in Chromium's OS-level sandbox; the preload gets Electron's small
  // sandboxed subset of Node (that is why it is bundled as one CommonJS file).
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
} as const satisfies WebPreferences);

export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    ...REQUIRED,
    // Middle-click would ask for a new window; the open handler refuses it anyway, this stops
    // the event at the source.
    disableBlinkFeatures: 'Auxclick',
    navigateOnDragDrop: false,
    // Spellcheck would send typed text to a dictionary service on some systems.
    spellcheck: false,
    safeDialogs: true,
  };
}

/** The checklist items a set of webPreferences breaks (empty: none). */
export function insecurePreferences(prefs: WebPreferences): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(REQUIRED)) {
    if (prefs[key as keyof WebPreferences] !== value) problems.push(`${key} must be ${value}`);
  }
  if (prefs.enableBlinkFeatures) problems.push('enableBlinkFeatures must not be set');
  if (prefs.preload !== undefined && !prefs.preload.endsWith('.cjs')) {
    problems.push('the preload must be the CommonJS bundle (sandboxed preloads cannot be ESM)');
  }
  return problems;
}

export function assertSecureWebPreferences(prefs: WebPreferences): void {
  const problems = insecurePreferences(prefs);
  if (problems.length > 0) throw new Error(`Insecure window preferences: ${problems.join('; ')}`);
}

/**
 * App-wide: every webContents (windows, and anything a future feature creates) gets the
 * navigation, new-window and <webview> guards, and is refused if its preferences turn
 * Node on. Call once, before the first window.
 */
export function installAppSecurity(
  app: Pick<App, 'on' | 'enableSandbox'>,
  options: GuardOptions,
): void {
  // Every renderer sandboxed, whatever a window's own preferences say.
  app.enableSandbox();
  app.on('web-contents-created', (_event, contents: WebContents) => {
    guardWebContents(contents, options);
  });
}
