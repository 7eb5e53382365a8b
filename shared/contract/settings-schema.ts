/**
 * The settings file's schema (the main process writes it; the renderer reads a view of it).
 * Never the key. Unknown keys are dropped on load so that an older app reads a newer file.
 */
import { z } from 'zod';
import { printingPatchSchema, printingSettingsSchema } from './printing-settings';
import { scannerPatchSchema, scannerSettingsSchema } from './scanner-settings';
import { stationPatchSchema, stationSettingsSchema } from './station-settings';
import { checkBaseUrl } from './url-policy';

export const baseUrlSchema = z
  .string()
  .max(2048)
  .superRefine((value, ctx) => {
    const verdict = checkBaseUrl(value);
    if (!verdict.ok) ctx.addIssue({ code: 'custom', message: verdict.reason });
  });

export const connectionSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(80),
  baseUrl: baseUrlSchema,
  sandbox: z.boolean().default(false),
});

const theme = z.enum(['system', 'light', 'dark']);
/** `station`: larger type for a pack station read at arm's length (body text 15 px, badges 13 px). */
const density = z.enum(['comfortable', 'compact', 'station']);
/** BCP 47 locale for dates and numbers; null = the system's. */
const locale = z.string().max(35).nullable();

export const uiPreferencesSchema = z.object({
  theme: theme.default('system'),
  density: density.default('comfortable'),
  locale: locale.default(null),
});

/** A change to some UI preferences: no defaults, so naming one field leaves the others alone. */
const uiPatchSchema = z.strictObject({
  theme: theme.optional(),
  density: density.optional(),
  locale: locale.optional(),
});

export const settingsSchema = z.object({
  version: z.literal(1).default(1),
  connections: z.array(connectionSchema).max(50).default([]),
  selectedConnectionId: z.string().nullable().default(null),
  ui: uiPreferencesSchema.default({ theme: 'system', density: 'comfortable', locale: null }),
  /** Per-view state the renderer keeps (filters, columns, saved views), opaque here. */
  views: z.record(z.string(), z.unknown()).default({}),
  /** Printers and routing per document kind (see printing-settings.ts). */
  printing: printingSettingsSchema.default(() => printingSettingsSchema.parse({})),
  /** This pack station: name, location, auto-print, sounds (see station-settings.ts). */
  station: stationSettingsSchema.default(() => stationSettingsSchema.parse({})),
  /** The barcode scanner's prefix and suffix keys (see scanner-settings.ts). */
  scanner: scannerSettingsSchema.default(() => scannerSettingsSchema.parse({})),
});

export type Settings = z.infer<typeof settingsSchema>;
export type Connection = z.infer<typeof connectionSchema>;
export type UiPreferences = z.infer<typeof uiPreferencesSchema>;

export const defaultSettings = (): Settings => settingsSchema.parse({});

/** What the renderer may change through settingsUpdate (connections have their own methods). */
export const settingsPatchSchema = z.strictObject({
  ui: uiPatchSchema.optional(),
  views: z.record(z.string().max(100), z.unknown()).optional(),
  printing: printingPatchSchema.optional(),
  station: stationPatchSchema.optional(),
  scanner: scannerPatchSchema.optional(),
});

export interface SettingsView {
  settings: Settings;
  /** Where the file is, for support. */
  path: string;
  /** Said once after load, e.g. that an unreadable file was kept aside. */
  notices: string[];
}
