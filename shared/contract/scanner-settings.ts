/**
 * The barcode scanner's settings (Settings → Station → Scanner): the key the scanner sends
 * before each code and the one after it, as text like "F13" or "Ctrl+]" (empty: none; the
 * renderer's scan-keys.ts reads them). Many scanners can be programmed to send such keys; a
 * person never types them, so when set they mark a scan whatever its speed.
 */
import { z } from 'zod';

const chord = z.string().trim().max(40);

export const scannerSettingsSchema = z.object({
  /** Sent before each code; empty: codes are told by their speed alone. */
  prefix: chord.catch(''),
  /** Sent after each code; empty: Enter or Tab ends a code. */
  suffix: chord.catch(''),
});
export type ScannerSettings = z.infer<typeof scannerSettingsSchema>;

/** A change to the scanner settings: only the fields named change. */
export const scannerPatchSchema = z.strictObject({
  prefix: chord.optional(),
  suffix: chord.optional(),
});
