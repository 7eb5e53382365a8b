/**
 * A row's numbers in words, once its number-bounds check (shared/api/number-bounds.ts) has
 * failed: "id is too large to read as a number", "items.0.qty is 1.235e+19, too large to be
 * exact". A row holding such a number is a malformed row, named like the others, in every
 * reading of a list (a page, "select all", the shipments stream): they run the same check, so
 * they leave out the same rows.
 */
import type { ValidateFunction } from '@shared/api/openapi-validator';
import { numberWords, unusableNumberProblem } from '@shared/api/usable-numbers';
import { valueAt } from './row-path';

/** The first unusable number `check` found in `row`, or undefined when the row passes. */
export function numberProblem(check: ValidateFunction, row: unknown): string | undefined {
  if (check(row)) return undefined;
  const error = check.errors?.[0];
  const parts = (error?.instancePath ?? '').split('/').slice(1).map(unescapePointer);
  const value = valueAt(row, parts);
  const path = parts.join('.');
  // A bound names the field itself; the free-form keyword the value within which it lies.
  const words =
    typeof value === 'number' ? numberWords(value, path) : unusableNumberProblem(value, path);
  return words ?? `${path || 'the row'} holds a number too large to read`;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
