/**
 * Printer discovery through CUPS (Linux, macOS): `lpstat -p -d` for printers, their state and
 * the default, `lpstat -a` for whether each accepts jobs (a disabled printer can still accept
 * and a rejecting one can be enabled, so both are needed).
 */
import { type CupsRunOptions, runCupsTool } from './cups-exec';
import {
  type CupsPrinter,
  parseLpstatAccepting,
  parseLpstatPrinters,
  parseSchedulerRunning,
  saysNoDestinations,
  saysSchedulerNotRunning,
} from './lpstat-parse';
import { CUPS_NOT_RUNNING, PrintSystemError, printFailure } from './print-failure';

export type { CupsPrinter, CupsPrinterState } from './lpstat-parse';

/** Lists CUPS printers with the default marked. Throws PrintSystemError when CUPS is down. */
export async function listCupsPrinters(options: CupsRunOptions = {}): Promise<CupsPrinter[]> {
  const [list, acceptance] = await Promise.all([
    runCupsTool('lpstat', ['-p', '-d'], options),
    runCupsTool('lpstat', ['-a'], options),
  ]);
  for (const result of [list, acceptance]) {
    if (saysSchedulerNotRunning(result.stderr)) {
      throw new PrintSystemError(
        printFailure('cups-not-running', CUPS_NOT_RUNNING, result.stderr.trim()),
      );
    }
  }
  if (list.code !== 0 && !saysNoDestinations(list.stderr)) {
    throw new PrintSystemError(
      printFailure('unknown', 'The print system could not list printers.', list.stderr.trim()),
    );
  }
  const { printers, defaultName } = parseLpstatPrinters(list.stdout);
  const accepting = parseLpstatAccepting(acceptance.stdout);
  return printers.map((p) => ({
    ...p,
    // A printer missing from `lpstat -a` output (a race with lpadmin) is taken as accepting:
    // submitting will then say clearly if it is not.
    accepting: accepting.get(p.name) ?? true,
    isDefault: p.name === defaultName,
  }));
}

/** True when cupsd answers (`lpstat -r`). */
export async function isCupsRunning(options: CupsRunOptions = {}): Promise<boolean> {
  const result = await runCupsTool('lpstat', ['-r'], options);
  return parseSchedulerRunning(result.stdout);
}
