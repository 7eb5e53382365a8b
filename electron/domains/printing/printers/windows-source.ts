/**
 * The Windows spooler as a printer source, through pdf-to-printer (a maintained package that
 * lists printers with PowerShell's Win32_Printer and prints PDFs silently with the SumatraPDF it
 * bundles, both through execFile with argument arrays; it finds its exe in app.asar.unpacked,
 * which the packaging config unpacks). PDFs print at 100 % (`noscale`) on the route's paper.
 * ZPL cannot go raw through it, so on Windows ZPL labels go to network label printers (TCP
 * 9100) and Windows printers take PDF only.
 *
 * Not run on these Linux machines (pdf-to-printer refuses other systems); the mapping from a
 * job to pdf-to-printer's options is tested with a stand-in for the package.
 */
import type { PrintMedia } from '@shared/contract/printing-settings';
import { PrintFailure } from '../queue/types';
import type { Discovery, SystemPrinter } from './cups-discovery';
import type { SystemPrinterSource } from './system-source';

/** The part of pdf-to-printer used here (its own types, restated so tests can stand in). */
export interface WindowsPrinting {
  getPrinters(): Promise<{ deviceId: string; name: string; paperSizes: string[] }[]>;
  getDefaultPrinter(): Promise<{ deviceId: string; name: string; paperSizes: string[] } | null>;
  print(
    pdf: string,
    options: {
      printer: string;
      silent: boolean;
      scale: 'noscale';
      copies: number;
      paperSize?: string;
    },
  ): Promise<void>;
}

const loadPdfToPrinter = async (): Promise<WindowsPrinting> =>
  (await import('pdf-to-printer')) as unknown as WindowsPrinting;

/** The printer's own name for the route's paper ("4 x 6 in", "A4"…), when it has one. */
export function paperNameFor(media: string, paperSizes: readonly string[]): string | undefined {
  const patterns: Record<Exclude<PrintMedia, 'default'>, RegExp> = {
    '4x6in': /^4(\.0+)?\s*(in|")?\s*[x×]\s*6(\.0+)?\s*(in|")?\b|4x6|\b101\.6\s*[x×]\s*152\.4/i,
    A4: /^a4\b/i,
    Letter: /^letter\b/i,
  };
  const pattern = patterns[media as keyof typeof patterns];
  return pattern ? paperSizes.find((p) => pattern.test(p.trim())) : undefined;
}

export function windowsSource(
  load: () => Promise<WindowsPrinting> = loadPdfToPrinter,
): SystemPrinterSource {
  const papers = new Map<string, string[]>();
  return {
    kind: 'windows',
    idPrefix: 'win',
    async discover(): Promise<Discovery> {
      try {
        const lib = await load();
        const [printers, fallback] = await Promise.all([
          lib.getPrinters(),
          lib.getDefaultPrinter(),
        ]);
        for (const p of printers) papers.set(p.name, p.paperSizes);
        return {
          printers: printers.map(
            (p): SystemPrinter => ({
              name: p.name,
              state: 'unknown',
              accepting: true,
              isDefault: p.name === fallback?.name,
              language: 'pdf',
            }),
          ),
          problem: null,
        };
      } catch (error) {
        return { printers: [], problem: `Windows could not list its printers: ${String(error)}` };
      }
    },
    formats: (wanted) => (wanted.includes('pdf') ? ['pdf'] : []),
    driver: (printer, id) => ({
      id,
      kind: 'windows',
      displayName: printer.name,
      accepts: (format) => format === 'pdf',
      async send(job) {
        const lib = await load();
        const paperSize = paperNameFor(job.media, papers.get(printer.name) ?? []);
        try {
          await lib.print(job.file, {
            printer: printer.name,
            silent: true,
            scale: 'noscale',
            copies: job.copies,
            ...(paperSize ? { paperSize } : {}),
          });
          return {};
        } catch (error) {
          throw new PrintFailure(`Printing to ${printer.name} failed: ${String(error)}`, true);
        }
      },
    }),
  };
}
