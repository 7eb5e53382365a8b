/**
 * The host's last line of defence: an error no handler, stream listener, timer or worker
 * caught would otherwise end the Node process (browser mode) or the Electron main process,
 * and with it every station's session. The guard logs it (redacted: no key in a log), ends
 * the bridge call it belongs to with a typed error when there is one (call-scope.ts), and
 * lets the process keep serving.
 */
import { currentCall } from './call-scope';
import { describeThrown } from './dispatch/dispatch-errors';
import { redact } from './failure';

export interface ProcessGuardOptions {
  /** Receives one line per unexpected error. */
  log: (line: string) => void;
  /** The secrets held right now (API keys); removed from every line. */
  secrets?: () => readonly (string | undefined)[];
  /** The process to guard (tests pass an emitter). */
  process?: Pick<NodeJS.Process, 'on' | 'off'>;
}

/** Installs the guard; returns a function that removes it. */
export function installProcessGuard(options: ProcessGuardOptions): () => void {
  const target = options.process ?? process;
  const report = (thrown: unknown, origin: string) => {
    const call = currentCall();
    try {
      const where = call ? ` during ${call.method}` : '';
      const held = options.secrets?.() ?? [];
      options.log(redact(`unexpected error (${origin})${where}: ${describeThrown(thrown)}`, held));
    } catch {
      // A failing log must not turn a survivable error into the end of the process.
    }
    call?.crash(thrown);
  };
  const onException = (error: unknown) => report(error, 'uncaught exception');
  const onRejection = (reason: unknown) => report(reason, 'unhandled rejection');
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return () => {
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
  };
}
