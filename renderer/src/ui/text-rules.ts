/**
 * The console's rule for a text field that must be filled in: trimmed (what is sent is the
 * trimmed text, so the bounds apply to it), then said when empty and when too long, each in
 * the field's own words. The settings forms build their schemas from these.
 */
import { z } from 'zod';

export const requiredText = (missing: string, max: number, tooLong: string) =>
  z.string().trim().min(1, missing).max(max, tooLong);

/** A name the person gives a thing (a connection, a printer): up to 80 characters. */
export const nameRule = (missing: string) =>
  requiredText(missing, 80, 'A name is at most 80 characters.');
