/**
 * What the Settings → Printing forms accept, with messages that name the fix. The bridge
 * checks the same bounds again (printing-settings.ts); these catch mistakes on the field
 * before anything is sent.
 */
import { z } from 'zod';
import {
  type PRINT_ROUTE_KINDS,
  type PrintingSettings,
  type PrintRouteKind,
  printMedia,
} from '../../../../shared/contract/printing-settings';
import type { PrinterView } from '../../../../shared/contract/printing-values';
import { nameRule, requiredText } from '../../ui/text-rules';
import { formatOf } from './route-summary';

const copiesField = z
  .string()
  .trim()
  .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 99, 'Copies is from 1 to 99.');

const routeField = z.object({
  /** '' = no printer chosen: the system default for PDF, Save to folder for ZPL. */
  printerId: z.string(),
  copies: copiesField,
  media: printMedia,
});
export type RouteFormValue = z.infer<typeof routeField>;
export type RoutesFormValues = Record<(typeof PRINT_ROUTE_KINDS)[number], RouteFormValue>;

/** The routes form; a chosen printer must take the kind's format (ZPL only to label printers). */
export function routesFormSchema(
  kinds: readonly PrintRouteKind[],
  printers: readonly PrinterView[],
) {
  return z
    .object(
      Object.fromEntries(kinds.map((k) => [k, routeField])) as Record<
        PrintRouteKind,
        typeof routeField
      >,
    )
    .superRefine((values, ctx) => {
      for (const kind of kinds) {
        const id = values[kind].printerId;
        const printer = printers.find((p) => p.id === id);
        const format = formatOf(kind);
        if (id && printer && !printer.accepts.includes(format)) {
          ctx.addIssue({
            code: 'custom',
            path: [kind, 'printerId'],
            message:
              format === 'zpl'
                ? `${printer.name} takes PDF only; ZPL labels need a label printer.`
                : `${printer.name} takes ZPL only; choose a PDF printer.`,
          });
        }
      }
    });
}

export function routesFormValues(settings: PrintingSettings): RoutesFormValues {
  return Object.fromEntries(
    Object.entries(settings.routes).map(([kind, r]) => [
      kind,
      { printerId: r.printerId ?? '', copies: String(r.copies), media: r.media },
    ]),
  ) as RoutesFormValues;
}

/** Only the routes that changed, as a merge patch (an empty printer → null: the default). */
export function routesPatch(before: RoutesFormValues, after: RoutesFormValues) {
  const patch: Partial<
    Record<
      PrintRouteKind,
      { printerId: string | null; copies: number; media: RouteFormValue['media'] }
    >
  > = {};
  for (const kind of Object.keys(after) as PrintRouteKind[]) {
    const a = after[kind];
    const b = before[kind];
    if (a.printerId !== b.printerId || a.copies.trim() !== b.copies || a.media !== b.media) {
      patch[kind] = { printerId: a.printerId || null, copies: Number(a.copies), media: a.media };
    }
  }
  return patch;
}

export const networkPrinterFormSchema = z.object({
  name: nameRule('Give the printer a name, e.g. “Zebra at desk 2”.'),
  host: requiredText(
    'Enter the printer’s host name or IP address.',
    253,
    'That host name is too long.',
  ).regex(
    /^[A-Za-z0-9.:[\]_-]+$/,
    'Give a host name or IP address only, e.g. 10.0.0.7 (no http://, no path).',
  ),
  port: z
    .string()
    .trim()
    .refine(
      (v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 65_535,
      'The port is a number from 1 to 65535 (label printers use 9100).',
    ),
});
export type NetworkPrinterFormValues = z.infer<typeof networkPrinterFormSchema>;

export const folderFormSchema = z.object({
  folder: z
    .string()
    .trim()
    .min(1, 'Enter a folder, e.g. /home/pack/Labels.')
    .max(4096, 'That path is too long.')
    .refine(
      (p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p),
      'Give an absolute path, starting with / (or a drive letter on Windows).',
    ),
});
export type FolderFormValues = z.infer<typeof folderFormSchema>;
