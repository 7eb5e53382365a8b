/**
 * Printer routing as kept in the settings file: for each kind of document, the printer, the
 * number of copies and the paper. Loading is forgiving field by field (`.catch`): a damaged
 * route falls back to its default instead of costing the person their saved connections.
 */
import { z } from 'zod';

/**
 * The kinds of document a pack station prints, each with its own route. Shipment labels are
 * split by the format the carrier sent: ZPL must go to a label printer raw, PDF and images to a
 * printer that takes PDF. A return label that arrives as ZPL follows `shipment_label_zpl`.
 */
export const PRINT_ROUTE_KINDS = [
  'shipping_label',
  'shipment_label_pdf',
  'shipment_label_image',
  'shipment_label_zpl',
  'return_label',
  'packing_slip',
  'pick_list',
  'commercial_invoice',
] as const;
export type PrintRouteKind = (typeof PRINT_ROUTE_KINDS)[number];

export const ROUTE_LABELS: Record<PrintRouteKind, string> = {
  shipping_label: 'Shipping labels (orders)',
  shipment_label_pdf: 'Shipment labels, PDF',
  shipment_label_image: 'Shipment labels, PNG or GIF',
  shipment_label_zpl: 'Labels in ZPL (label printer)',
  return_label: 'Return labels',
  packing_slip: 'Packing slips',
  pick_list: 'Pick lists',
  commercial_invoice: 'Commercial invoices',
};

/** 4x6 in labels; A4 or Letter documents; `default` leaves the printer's own paper. */
export const printMedia = z.enum(['4x6in', 'A4', 'Letter', 'default']);
export type PrintMedia = z.infer<typeof printMedia>;

/**
 * A printer's id: `save-to-folder`, `cups:<queue name>` or `raw:<host>:<port>` (network label printer).
 * Queue names may hold anything CUPS allows; they reach `lp` as one argument.
 */
export const printerId = z
  .string()
  .min(1)
  .max(300)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'A printer id has no control characters.');

export const copies = z.number().int().min(1).max(99);

const LABEL_KINDS: readonly PrintRouteKind[] = [
  'shipping_label',
  'shipment_label_pdf',
  'shipment_label_image',
  'shipment_label_zpl',
  'return_label',
];

export function defaultMediaFor(kind: PrintRouteKind): PrintMedia {
  return LABEL_KINDS.includes(kind) ? '4x6in' : 'default';
}

const routeSchema = (kind: PrintRouteKind) =>
  z
    .object({
      /** null: the system's default printer for PDFs, Save to folder for ZPL (never a PDF printer). */
      printerId: printerId.nullable().catch(null),
      copies: copies.catch(1),
      media: printMedia.catch(defaultMediaFor(kind)),
    })
    .catch(() => ({ printerId: null, copies: 1, media: defaultMediaFor(kind) }));

export const printRoutesSchema = z.object(
  Object.fromEntries(PRINT_ROUTE_KINDS.map((k) => [k, routeSchema(k)])) as {
    [K in PrintRouteKind]: ReturnType<typeof routeSchema>;
  },
);
export type PrintRoute = z.infer<ReturnType<typeof routeSchema>>;
export type PrintRoutes = Record<PrintRouteKind, PrintRoute>;

/** A host name or IPv4/IPv6 literal: no scheme, no path, no spaces. */
export const printerHost = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.:[\]_-]+$/, 'Give a host name or IP address, e.g. 10.0.0.7.');

export const networkPrinterSchema = z.object({
  name: z.string().trim().min(1).max(80),
  host: printerHost,
  port: z.number().int().min(1).max(65_535).default(9100),
});
export type NetworkPrinter = z.infer<typeof networkPrinterSchema>;

/** What a CUPS queue takes, when the person knows better than the detection. */
export const printerLanguage = z.enum(['pdf', 'zpl', 'both']);

export const scanPrintSchema = z.object({
  /** Print the order's label at once when a scan finds exactly one order. */
  label: z.boolean().catch(false),
  /** …and its packing slip. */
  packingSlip: z.boolean().catch(false),
});

/**
 * A stored folder as the main process writes it: absolute, no control characters, not a
 * system folder (the full rule, after realpath, is electron/security/folder-policy.ts).
 */
export function isPlainFolderPath(p: string): boolean {
  const absolute = p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p);
  return absolute && !/\p{Cc}/u.test(p) && !/^\/(proc|sys|dev|etc)(\/|$)/.test(p);
}

export const printingSettingsSchema = z.object({
  routes: printRoutesSchema.catch(() => printRoutesSchema.parse({})),
  networkPrinters: z
    .array(networkPrinterSchema)
    .max(50)
    .catch(() => []),
  /**
   * The Save-to-folder printer's folder; null: Documents/Packbench/Printed in the home folder.
   * Written only by the main process (from a folder the person chose); a file that names
   * something else (relative, control characters, a system folder) loads as the default.
   */
  folder: z
    .string()
    .min(1)
    .max(4096)
    .refine(isPlainFolderPath, 'Not a folder Packbench writes to.')
    .nullable()
    .catch(null),
  /** Per CUPS printer id: what it takes, overriding the detection. */
  printerLanguages: z.record(printerId, printerLanguage).catch(() => ({})),
  scan: scanPrintSchema.catch(() => ({ label: false, packingSlip: false })),
});
export type PrintingSettings = z.infer<typeof printingSettingsSchema>;

export const defaultPrintingSettings = (): PrintingSettings => printingSettingsSchema.parse({});

/** A change to the printing settings (JSON Merge Patch: objects merge, `null` removes). */
export const printingPatchSchema = z.strictObject({
  routes: z
    .partialRecord(
      z.enum(PRINT_ROUTE_KINDS),
      z.strictObject({
        printerId: printerId.nullable().optional(),
        copies: copies.optional(),
        media: printMedia.optional(),
      }),
    )
    .optional(),
  networkPrinters: z.array(networkPrinterSchema).max(50).optional(),
  /**
   * A folder the main process handed out (folderPick / folderChoose), by its id; never a path:
   * the main process stores the path it chose itself (issue 31). null: the default folder.
   */
  folder: z
    .string()
    .regex(/^folder-[A-Za-z0-9_-]{16,64}$/, 'Choose the folder in Packbench (Choose folder…).')
    .nullable()
    .optional(),
  printerLanguages: z.record(printerId, printerLanguage.nullable()).optional(),
  scan: z
    .strictObject({ label: z.boolean().optional(), packingSlip: z.boolean().optional() })
    .optional(),
});
