/**
 * The Electron main process, composed from the small modules beside it. Order matters:
 * the app:// scheme and the sandbox switch before `ready`; logging, security hooks and the
 * single-instance lock before any window; the bridge and its IPC before the page loads.
 */
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, shell } from 'electron';
import electronLog from 'electron-log/main';
import { APP_NAME } from '../app-info';
import { registerBridgeIpc } from '../ipc/register-bridge-ipc';
import { preloadWire } from '../kernel/api/undici-wire';
import type { Bridge } from '../kernel/dispatch/dispatcher-types';
import { takeEnvApiKey } from '../kernel/env-api-key';
import { installProcessGuard } from '../kernel/process-guard';
import { parseAppArgs } from './app-args';
import { menuTemplate } from './app-menu';
import { handleAppProtocol, registerAppScheme } from './app-protocol';
import { createBridge } from './create-bridge';
import { APP_CSP, isStrictCsp } from './csp';
import { connectToSandbox } from './demo-connection';
import { electronDesktopShell } from './desktop-shell';
import { configureLogging } from './logging';
import { createMainWindow } from './main-window';
import { installPermissionHandlers } from './permissions';
import { installQuitHandler } from './quit-handling';
import { installAppSecurity } from './security';
import { claimSingleInstance } from './single-instance';
import { startUpdateChecks } from './updates';

// Read once and removed from the environment before anything can spawn a child with it; kept
// only so log lines holding it are redacted.
const envApiKey = takeEnvApiKey();
const args = parseAppArgs(process.argv, process.env);
app.setName(APP_NAME);
// The same folder browser mode uses (~/.config/Packbench on Linux), unless a test names one.
app.setPath('userData', args.configDir ?? join(app.getPath('appData'), APP_NAME));

let bridge: Bridge | undefined;
const log = configureLogging(electronLog, {
  dir: app.getPath('logs'),
  secrets: () => [envApiKey, ...bridgeSecrets()],
  console: !app.isPackaged,
});

/**
 * The keys the bridge holds, when it offers them. The bridge's own log lines arrive already
 * redacted; this covers lines the main process writes itself.
 */
function bridgeSecrets(): readonly string[] {
  return bridge?.secrets?.() ?? [];
}

// An error nothing else caught is logged (redacted) and answered, never the end of the app.
installProcessGuard({ log: log.error, secrets: () => [envApiKey, ...bridgeSecrets()] });

registerAppScheme(protocol);
installAppSecurity(app, {
  // electronegativity: OPEN_EXTERNAL_JS_CHECK — the guards call this only with URLs that
  // passed checkExternalUrl (electron/main/external-links.ts).
  openExternal: (url) => shell.openExternal(url),
  log: log.warn,
});

let mainWindow: BrowserWindow | undefined;
if (!claimSingleInstance(app, () => mainWindow)) {
  app.quit();
} else {
  app.whenReady().then(start, (error: unknown) => fail(error));
}

async function start(): Promise<void> {
  try {
    if (!isStrictCsp(APP_CSP)) throw new Error('The app CSP is not strict.');
    handleAppProtocol(protocol, join(app.getAppPath(), 'dist', 'renderer'));
    installPermissionHandlers(session.defaultSession, log.warn);
    bridge = await createBridge({
      configDir: app.getPath('userData'),
      transport: 'electron',
      log: (line) => log.info(`bridge: ${line}`),
      desktop: electronDesktopShell(dialog, shell, () => mainWindow),
    });
    const opened = bridge;
    registerBridgeIpc(ipcMain, opened.dispatcher, opened.events, {
      webContents: () => BrowserWindow.getAllWindows().map((w) => w.webContents),
      log: log.warn,
    });
    installQuitHandler(app, { close: () => opened.close(), log: log.info });
    if (args.demo) await connectToSandbox(opened);
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({
          isDev: !app.isPackaged,
          platform: process.platform,
          appName: APP_NAME,
          actions: {
            press: (keys) => {
              const contents = BrowserWindow.getFocusedWindow()?.webContents;
              for (const key of keys) {
                const modifiers: 'shift'[] = key.shift ? ['shift'] : [];
                contents?.sendInputEvent({ type: 'keyDown', keyCode: key.keyCode, modifiers });
                contents?.sendInputEvent({ type: 'char', keyCode: key.keyCode, modifiers });
                contents?.sendInputEvent({ type: 'keyUp', keyCode: key.keyCode, modifiers });
              }
            },
            openLogFolder: () => void shell.openPath(app.getPath('logs')),
          },
        }),
      ),
    );
    mainWindow = await openWindow();
    // The HTTP client loads while the window's page loads in its own process, not when the
    // first request waits for it (undici-wire.ts).
    preloadWire();
    app.on('activate', () => {
      // macOS: the dock icon reopens the window after it was closed.
      if (BrowserWindow.getAllWindows().length === 0)
        void openWindow().then((w) => (mainWindow = w));
    });
    app.on('window-all-closed', () => {
      if (process.platform !== 'darwin') app.quit();
    });
    log.info(`${APP_NAME} started (log: ${log.file()})`);
    void startUpdateChecks(
      { isPackaged: app.isPackaged, env: process.env, platform: process.platform },
      log,
    );
  } catch (error) {
    fail(error);
  }
}

function openWindow(): Promise<BrowserWindow> {
  return createMainWindow({
    preload: join(app.getAppPath(), 'dist', 'preload', 'preload.cjs'),
    stateDir: app.getPath('userData'),
    title: APP_NAME,
    log: log.info,
  });
}

function fail(error: unknown): void {
  log.error(`${APP_NAME} could not start`, error);
  app.exit(1);
}
