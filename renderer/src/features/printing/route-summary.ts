/**
 * Where a kind of document will print, said the way the main process decides it
 * (electron/domains/printing/service/routing.ts): the route's printer, or with none chosen the
 * system default for PDF and Save to folder otherwise. Pure, for the dialog and Settings.
 */
import type {
  PrintingSettings,
  PrintMedia,
  PrintRouteKind,
} from '../../../../shared/contract/printing-settings';
import type { PrinterView, PrintFormat } from '../../../../shared/contract/printing-values';

export const FOLDER_PRINTER_ID = 'save-to-folder';

export const MEDIA_LABELS: Record<PrintMedia, string> = {
  '4x6in': '4 × 6 in label',
  A4: 'A4',
  Letter: 'Letter',
  default: 'The document’s own size',
};

/** What a kind is printed as: ZPL labels go raw to a label printer, everything else is PDF. */
export function formatOf(kind: PrintRouteKind): PrintFormat {
  return kind === 'shipment_label_zpl' ? 'zpl' : 'pdf';
}

/** Printers that can take every kind in the list. */
export function printersFor(
  kinds: readonly PrintRouteKind[],
  printers: readonly PrinterView[],
): PrinterView[] {
  const formats = new Set(kinds.map(formatOf));
  return printers.filter((p) => [...formats].every((f) => p.accepts.includes(f)));
}

export interface RouteSummary {
  kind: PrintRouteKind;
  /** The printer it goes to, or null when that printer is not known now. */
  printer: PrinterView | null;
  /** The id the route names (or falls back to). */
  printerId: string;
  /** True when no printer is chosen in the route (the fallback applies). */
  fallback: boolean;
  copies: number;
  media: PrintMedia;
  /** Why this route cannot print now, in the person's words. */
  problem: string | null;
}

export function summarizeRoute(
  kind: PrintRouteKind,
  settings: PrintingSettings,
  printers: readonly PrinterView[],
): RouteSummary {
  const route = settings.routes[kind];
  const format = formatOf(kind);
  const fallback = route.printerId === null;
  const printerId = route.printerId ?? fallbackPrinter(format, printers);
  const printer = printers.find((p) => p.id === printerId) ?? null;
  let problem: string | null = null;
  if (!printer) problem = `${displayId(printerId)} is not available now.`;
  else if (!printer.accepts.includes(format)) {
    problem =
      format === 'zpl'
        ? `${printer.name} takes PDF only; ZPL labels need a label printer.`
        : `${printer.name} takes ZPL only; this document is PDF.`;
  }
  return { kind, printer, printerId, fallback, copies: route.copies, media: route.media, problem };
}

/** The printer a route with none chosen prints on. */
export function fallbackPrinter(format: PrintFormat, printers: readonly PrinterView[]): string {
  if (format === 'pdf') {
    const systemDefault = printers.find((p) => p.isDefault && p.accepts.includes('pdf'));
    if (systemDefault) return systemDefault.id;
  }
  return FOLDER_PRINTER_ID;
}

/** "cups:Office" → "Office", "raw:10.0.0.7:9100" → "10.0.0.7:9100". */
export function displayId(id: string): string {
  return id.replace(/^(cups|win|raw):/, '');
}

/** "Packbench-PDF", or "Default (Packbench-PDF)" when the route names none and falls back. */
export function printerLabel(summary: RouteSummary): string {
  const name = summary.printer?.name ?? displayId(summary.printerId);
  return summary.fallback ? `Default (${name})` : name;
}
