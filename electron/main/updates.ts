/**
 * Update checks through electron-updater, against the generic feed electron-builder writes
 * into the package (app-update.yml, from the `publish` section of the builder config). Off in
 * development and in unpackaged runs (there is nothing to update, and electron-updater would
 * only complain about the missing app-update.yml), and off when PACKBENCH_NO_UPDATES=1 (sites
 * that roll out versions themselves, and the end-to-end tests).
 */

export interface UpdateContext {
  isPackaged: boolean;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

export type UpdateDecision = { check: true } | { check: false; reason: string };

export function decideUpdates(context: UpdateContext): UpdateDecision {
  if (!context.isPackaged) return { check: false, reason: 'development run (not packaged)' };
  if (context.env.PACKBENCH_NO_UPDATES === '1') {
    return { check: false, reason: 'PACKBENCH_NO_UPDATES=1' };
  }
  // A deb installed by the system's package manager is updated by it, not by the app.
  if (context.platform === 'linux' && !context.env.APPIMAGE) {
    return { check: false, reason: 'installed as a system package (updates come through it)' };
  }
  return { check: true };
}

/** Starts the background check when decided; failures only reach the log. */
export async function startUpdateChecks(
  context: UpdateContext,
  log: { info(line: string): void; warn(line: string): void },
): Promise<void> {
  const decision = decideUpdates(context);
  if (!decision.check) {
    log.info(`updates: not checking (${decision.reason})`);
    return;
  }
  try {
    // Loaded only when used: electron-updater reads the package's files at import.
    const { autoUpdater } = await import('electron-updater');
    autoUpdater.autoDownload = true;
    autoUpdater.autoInstallOnAppQuit = true;
    autoUpdater.logger = { info: log.info, warn: log.warn, error: log.warn, debug: () => {} };
    await autoUpdater.checkForUpdatesAndNotify();
  } catch (error) {
    log.warn(`updates: check failed: ${String(error)}`);
  }
}
