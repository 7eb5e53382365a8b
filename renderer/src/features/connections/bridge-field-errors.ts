/**
 * Puts the bridge's field errors (a clash of names, a refused URL) on the form fields they
 * name. Returns false when the error named none of the form's fields, so the caller shows it
 * as a message for the whole form instead.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { BridgeCallError } from '../../query/bridge-call';

export function applyBridgeFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof BridgeCallError) || !error.error.fieldErrors) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(error.error.fieldErrors)) {
    const name = fields.find((f) => f === field);
    if (name && messages[0]) {
      setError(name, { type: 'bridge', message: messages[0] });
      applied = true;
    }
  }
  return applied;
}
