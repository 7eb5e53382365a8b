/**
 * The pack station's settings (Settings → Station): what this computer is and does at a
 * bench. The printers per document kind stay in the printing routes, and what auto-print
 * prints in the printing settings' `scan` choice (one place decides each); the station
 * section of Settings shows and edits them beside these.
 */
import { z } from 'zod';

/**
 * The pack gate's reasons (renderer/src/features/packing/pack-gate.ts): what stops an order at
 * the pack screen until a person overrides it on purpose.
 */
export const PACK_GATES = [
  'cancelled',
  'refunded',
  'partly_refunded',
  'attention',
  'shipped',
  'packed',
  'no_label',
  /** An item whose quantity is not a whole number of units (blocks completion, not counting). */
  'quantity',
  /**
   * Open at another station of the floor (issue 29: pack claims); its override is a takeover
   * with a reason, logged on the floor.
   */
  'claimed',
] as const;
export type PackGateKind = (typeof PACK_GATES)[number];

/** Gates no override passes, unless the settings say otherwise. */
export const DEFAULT_UNSKIPPABLE: readonly PackGateKind[] = ['cancelled', 'refunded'];

const gateList = z.array(z.enum(PACK_GATES)).max(PACK_GATES.length);

/**
 * A packer's badge: a barcode starting PKR- (any case), then letters, digits or dashes, e.g.
 * "PKR-0042". The prefix keeps a badge from ever being taken for an order or an item.
 */
export const BADGE_PATTERN = /^PKR-[A-Za-z0-9-]{1,36}$/i;
const packerName = z.string().trim().max(80);
const packerList = z
  .array(
    z.object({
      badge: z
        .string()
        .trim()
        .toUpperCase()
        .regex(BADGE_PATTERN, 'A badge is PKR- then letters or digits'),
      name: z.string().trim().min(1).max(80),
    }),
  )
  .max(200);

export const stationSettingsSchema = z.object({
  /** What the pack log and the print queue call this bench ("Bench 3"); empty: the computer. */
  name: z.string().trim().max(40).catch(''),
  /** The location whose bins the pack screen shows; null: the API's default location. */
  locationId: z.number().int().positive().nullable().catch(null),
  /**
   * Check an order's items by scanning before it prints (what auto-print prints is the
   * printing settings' `scan` choice). Off: an order prints as soon as its scan finds it.
   */
  verify: z.boolean().catch(true),
  /** Tones for a wrong item, an over-scan, a code nobody knows, and a finished order. */
  sounds: z.boolean().catch(true),
  /** Gates the pack screen's override cannot pass (a damaged value: the defaults). */
  unskippableGates: gateList.catch(() => [...DEFAULT_UNSKIPPABLE]),
  /** The packer signed in at this station (the pack log's "by"); empty: the computer's user. */
  packer: packerName.catch(''),
  /** Packers' badges: the code scanned (PKR-…) signs in the name beside it. */
  packers: packerList.catch(() => []),
});
export type StationSettings = z.infer<typeof stationSettingsSchema>;

export const defaultStationSettings = (): StationSettings => stationSettingsSchema.parse({});

/** A change to the station settings: only the fields named change. */
export const stationPatchSchema = z.strictObject({
  name: z.string().trim().max(40).optional(),
  locationId: z.number().int().positive().nullable().optional(),
  verify: z.boolean().optional(),
  sounds: z.boolean().optional(),
  unskippableGates: gateList.optional(),
  packer: packerName.optional(),
  packers: packerList.optional(),
});
