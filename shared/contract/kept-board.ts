/**
 * The exceptions board as last painted whole (issue 32): a small record of its counts per
 * location, kept in the connection's local store apart from the large kept walk, so the next
 * launch paints the board from it at once and reads the walk after.
 */
import { z } from 'zod';

const count = z.number().min(0).max(Number.MAX_SAFE_INTEGER).nullable();

export const keptBoardSchema = z.strictObject({
  /** When the counts were read (ISO 8601). */
  at: z.iso.datetime({ offset: true }),
  /** The "expiring within" horizon the counts are for (days). */
  days: z.number().int().min(0).max(3650),
  rows: z
    .array(
      z.strictObject({
        /** null: the total row. */
        location: z
          .strictObject({
            id: z.number().int(),
            code: z.string().max(200),
            name: z.string().max(500),
          })
          .nullable(),
        counts: z.strictObject({
          onHand: count,
          low: count,
          out: count,
          expiring: count,
          expired: count,
          voluntary: count,
          mandatory: count,
        }),
      }),
    )
    .max(10_000),
});

export type KeptBoard = z.infer<typeof keptBoardSchema>;
