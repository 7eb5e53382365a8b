/**
 * The system's printers through CUPS: the queues, their state and default (lpstat), and what
 * each takes (lpoptions' make-and-model). Never throws: a machine with CUPS stopped or not
 * installed still has Save to folder and network printers, so the reason is returned instead.
 */
import type { CupsRunOptions } from '../system/cups-exec';
import { runCupsTool } from '../system/cups-exec';
import { listCupsPrinters } from '../system/cups-printers';
import { PrintSystemError } from '../system/print-failure';
import { detectLanguage, type PrinterLanguage, parseMakeAndModel } from './printer-language';

export interface SystemPrinter {
  name: string;
  state: 'idle' | 'printing' | 'stopped' | 'unknown';
  accepting: boolean;
  isDefault: boolean;
  language: PrinterLanguage;
  /** Make and model, or the state message when the printer is in trouble. */
  detail?: string;
}

export interface Discovery {
  printers: SystemPrinter[];
  problem: string | null;
}

export async function discoverCupsPrinters(options: CupsRunOptions = {}): Promise<Discovery> {
  let found: Awaited<ReturnType<typeof listCupsPrinters>>;
  try {
    found = await listCupsPrinters(options);
  } catch (error) {
    if (error instanceof PrintSystemError) return { printers: [], problem: error.failure.message };
    return { printers: [], problem: `The system's printers could not be listed: ${String(error)}` };
  }
  const printers = await Promise.all(
    found.map(async (p): Promise<SystemPrinter> => {
      const model = await makeAndModel(p.name, options);
      const detail = p.message ?? model;
      return {
        name: p.name,
        state: p.state === 'disabled' ? 'stopped' : p.state,
        accepting: p.accepting,
        isDefault: p.isDefault,
        language: detectLanguage(model),
        ...(detail ? { detail } : {}),
      };
    }),
  );
  return { printers, problem: null };
}

async function makeAndModel(name: string, options: CupsRunOptions): Promise<string | undefined> {
  try {
    const result = await runCupsTool('lpoptions', ['-p', name], options);
    return result.code === 0 ? parseMakeAndModel(result.stdout) : undefined;
  } catch {
    // lpoptions missing or slow: the printer is still usable, taken as a PDF printer.
    return undefined;
  }
}
