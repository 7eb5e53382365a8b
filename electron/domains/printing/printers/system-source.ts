/**
 * Where the system's printers come from: CUPS on Linux and macOS, the Windows spooler on
 * Windows. The registry asks a source for its printers and for a driver per printer, so the
 * rest of the print service does not care which system it runs on.
 */
import type { PrinterKind, PrintFormat } from '@shared/contract/printing-values';
import { createCupsDriver } from '../drivers/cups-driver';
import type { PrinterDriver } from '../queue/types';
import type { CupsRunOptions } from '../system/cups-exec';
import { type Discovery, discoverCupsPrinters, type SystemPrinter } from './cups-discovery';

export interface SystemPrinterSource {
  kind: Extract<PrinterKind, 'cups' | 'windows'>;
  /** The printers' id prefix: `cups:<queue>`, `win:<printer>`. */
  idPrefix: string;
  discover(): Promise<Discovery>;
  /** What this system can send to the printer, of what it takes. */
  formats(wanted: readonly PrintFormat[]): PrintFormat[];
  driver(printer: SystemPrinter, id: string, formats: readonly PrintFormat[]): PrinterDriver;
}

export function cupsSource(cups?: CupsRunOptions): SystemPrinterSource {
  return {
    kind: 'cups',
    idPrefix: 'cups',
    discover: () => discoverCupsPrinters(cups),
    formats: (wanted) => [...wanted],
    driver: (p, id, formats) =>
      createCupsDriver({ printer: p.name, id, formats, ...(cups ? { cups } : {}) }),
  };
}
