/** The message of a form error at a dotted path ("items.0.qty", "items.root"), if any. */
import { type FieldErrors, get } from 'react-hook-form';
import type { OrderFormValues } from './order-form-schema';

export function errorAt(errors: FieldErrors<OrderFormValues>, path: string): string | undefined {
  const found: unknown = get(errors, path);
  if (found && typeof found === 'object' && 'message' in found) {
    const message = (found as { message?: unknown }).message;
    return typeof message === 'string' && message !== '' ? message : undefined;
  }
  return undefined;
}
