/**
 * How many units to order for a row at or below its reorder point: enough to bring what is
 * available back above the point by a margin (a setting, 20 % unless the supervisor picks
 * another), so the row does not fall back onto the list with the next order. Always at least
 * one unit above the point, so a point of 0 still asks for something when nothing is left.
 */

/** The margin above the reorder point until the supervisor picks another, in percent. */
export const DEFAULT_REORDER_MARGIN = 20;
export const MAX_REORDER_MARGIN = 500;

/** A kept or typed margin as whole percent in 0…500, or null when it is not one. */
export function cleanMargin(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_REORDER_MARGIN
    ? n
    : null;
}

/** Units to order, or null when the row has no reorder point (nothing to aim for). */
export function suggestedQuantity(
  available: number,
  reorderPoint: number | null | undefined,
  marginPercent: number,
): number | null {
  if (typeof reorderPoint !== 'number' || !Number.isFinite(reorderPoint)) return null;
  const point = Math.max(0, reorderPoint);
  const target = Math.max(Math.ceil((point * (100 + marginPercent)) / 100), point + 1);
  return Math.max(0, target - available);
}
