/**
 * The parts of a pack record that the station's pack log and the floor's pack log both keep: a
 * counted line and a gate passed on purpose. One definition, so a field added to a line (as
 * `typed` was) is read the same on the station and on the floor.
 */
import { z } from 'zod';
import { PACK_GATES } from './station-settings';

const count = z.number().int().min(0).max(1_000_000);

/** One line of a pack: the units to pack, and how they were counted. */
export const packedLineSchema = z.object({
  sku: z.string().max(64),
  qty: count,
  scanned: count,
  byHand: count,
  /** Units counted by a number typed after one scan of the item (a multi-unit line). */
  typed: count.optional(),
});

/** A pack gate passed on purpose: which, why (the reason picked), when. */
export const packOverrideSchema = z.object({
  gate: z.enum(PACK_GATES),
  reason: z.string().min(1).max(120),
  at: z.iso.datetime({ offset: true }),
});
