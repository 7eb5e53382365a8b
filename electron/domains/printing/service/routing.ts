/**
 * Where a document goes: the kind's route from the settings, changed by the print dialog's
 * override, checked against what the printer takes. Pure, so every rule is tested on its own.
 *
 * With no printer chosen, a PDF goes to the system's default printer (if it takes PDF) and
 * otherwise to Save to folder; ZPL goes to Save to folder, never to a guessed printer: a ZPL
 * label on a document printer prints as a page of code.
 */
import {
  type PrintingSettings,
  type PrintMedia,
  type PrintRouteKind,
  ROUTE_LABELS,
} from '@shared/contract/printing-settings';
import type { PrinterView, PrintFormat, ResolvedRoute } from '@shared/contract/printing-values';
import { FOLDER_PRINTER_ID } from '../printers/printer-registry';

export interface RouteOverride {
  printerId?: string;
  copies?: number;
  media?: PrintMedia;
}

export class RouteError extends Error {
  override readonly name = 'RouteError';
}

export function resolveRoute(
  kind: PrintRouteKind,
  format: PrintFormat,
  settings: PrintingSettings,
  printers: readonly PrinterView[],
  override: RouteOverride = {},
): ResolvedRoute {
  const route = settings.routes[kind];
  const chosen = override.printerId ?? route.printerId;
  const printerId = chosen ?? fallbackPrinter(format, printers);
  const printer = printers.find((p) => p.id === printerId);
  const what = ROUTE_LABELS[kind];
  if (!printer) {
    throw new RouteError(
      `${what} are set to print on “${displayId(printerId)}”, which is not available now. ` +
        'Refresh the printers or choose another one in Settings → Printing.',
    );
  }
  if (!printer.accepts.includes(format)) {
    throw new RouteError(
      format === 'zpl'
        ? `This label is in ZPL, which only a label printer can print, and ${printer.name} takes PDF only. ` +
            'Choose a label printer for “Labels in ZPL” in Settings → Printing.'
        : `${what} are PDF, and ${printer.name} is a label printer that takes ZPL only. ` +
            'Choose a PDF printer in Settings → Printing.',
    );
  }
  return {
    kind,
    printerId: printer.id,
    copies: override.copies ?? route.copies,
    media: override.media ?? route.media,
  };
}

function fallbackPrinter(format: PrintFormat, printers: readonly PrinterView[]): string {
  if (format === 'pdf') {
    const systemDefault = printers.find((p) => p.isDefault && p.accepts.includes('pdf'));
    if (systemDefault) return systemDefault.id;
  }
  return FOLDER_PRINTER_ID;
}

function displayId(id: string): string {
  return id.replace(/^(cups|raw):/, '');
}
