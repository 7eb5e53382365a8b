/**
 * Pure parsers for `LANG=C lpstat` output, kept apart from running the tool so they can be tested
 * on captured samples. Formats (CUPS 2.4):
 *   printer Zebra is idle.  enabled since Mon Nov 23 02:26:00 2026
 *   printer PDF now printing PDF-1.  enabled since …
 *   printer Zebra disabled since … -
 *   \tRejecting Jobs                       (indented lines: the printer's state message)
 *   system default destination: PDF      | no system default destination
 *   Zebra accepting requests since …     | Zebra not accepting requests since … -
 * CUPS printer names never contain white space, so splitting on it is safe.
 */

export type CupsPrinterState = 'idle' | 'printing' | 'disabled';

export interface CupsPrinter {
  name: string;
  state: CupsPrinterState;
  /** False when the queue rejects new jobs (cupsreject); unknown until `lpstat -a` is read. */
  accepting: boolean;
  isDefault: boolean;
  /** The printer's state message (e.g. "Rejecting Jobs", "The printer may not exist…"), if any. */
  message?: string;
  /** The job being printed, when state is 'printing'. */
  currentJob?: string;
}

export interface PrintersAndDefault {
  printers: Omit<CupsPrinter, 'accepting' | 'isDefault'>[];
  defaultName: string | null;
}

export function parseLpstatPrinters(stdout: string): PrintersAndDefault {
  const printers: PrintersAndDefault['printers'] = [];
  let defaultName: string | null = null;
  for (const line of stdout.split('\n')) {
    const printer = /^printer (\S+) (?:is idle\.|now printing (\S+?)\.|disabled since)/.exec(line);
    if (printer) {
      const [, name, job] = printer as unknown as [string, string, string | undefined];
      const state: CupsPrinterState = line.includes(' disabled since')
        ? 'disabled'
        : job
          ? 'printing'
          : 'idle';
      printers.push(job ? { name, state, currentJob: job } : { name, state });
      continue;
    }
    const def = /^system default destination: (\S+)/.exec(line);
    if (def) {
      defaultName = def[1] ?? null;
      continue;
    }
    // A tab-indented line continues the previous printer: its state message.
    const last = printers.at(-1);
    if (last && /^\s+\S/.test(line)) {
      const text = line.trim();
      last.message = last.message ? `${last.message} ${text}` : text;
    }
  }
  return { printers, defaultName };
}

/** `lpstat -a`: printer name → accepting jobs. */
export function parseLpstatAccepting(stdout: string): Map<string, boolean> {
  const accepting = new Map<string, boolean>();
  for (const line of stdout.split('\n')) {
    const m = /^(\S+) (not )?accepting requests/.exec(line);
    if (m?.[1]) accepting.set(m[1], m[2] === undefined);
  }
  return accepting;
}

/** `lpstat -r` says "scheduler is running" / "scheduler is not running" (exit 0 either way). */
export function parseSchedulerRunning(stdout: string): boolean {
  return /scheduler is running/i.test(stdout);
}

/** lpstat's stderr when cupsd cannot be reached. */
export function saysSchedulerNotRunning(stderr: string): boolean {
  return /scheduler is not running/i.test(stderr);
}

/** lpstat's stderr (exit 1) when CUPS has no printers at all: not an error, an empty list. */
export function saysNoDestinations(stderr: string): boolean {
  return /no destinations added/i.test(stderr);
}
