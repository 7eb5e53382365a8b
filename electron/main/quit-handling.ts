/**
 * A clean quit: the bridge closes first, which lets a print job being sent finish (or parks
 * it as may-have-printed for the next start) and stops the embedded sandbox; then the app
 * exits. Electron quits as soon as 'before-quit' returns, so the first quit is held back with
 * preventDefault, the bridge is closed, and the app quits again for real. A bridge that does
 * not close within the grace period does not keep the app open: it exits anyway, and the
 * print queue's start-up recovery accounts for whatever was cut off.
 */
import type { App } from 'electron';

export const QUIT_GRACE_MS = 10_000;

export interface QuitOptions {
  /** Closes the bridge (and with it the print service and the sandbox). */
  close: () => Promise<void>;
  log: (line: string) => void;
  graceMs?: number;
}

type QuitApp = Pick<App, 'on' | 'quit' | 'exit'>;

export function installQuitHandler(app: QuitApp, options: QuitOptions): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    options.log('quitting: letting the print queue finish');
    closeWithin(options.close, options.graceMs ?? QUIT_GRACE_MS).then((outcome) => {
      if (outcome !== 'closed') options.log(`quitting: the bridge did not close (${outcome})`);
      state = 'closed';
      if (outcome === 'closed') app.quit();
      else app.exit(1);
    });
  });
}

/** Runs `close`, answering 'closed', 'timed out' or the failure's text; never rejects. */
export async function closeWithin(close: () => Promise<void>, ms: number): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), ms);
  });
  try {
    return await Promise.race([
      close().then(
        () => 'closed',
        (error: unknown) => `failed: ${String(error)}`,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
