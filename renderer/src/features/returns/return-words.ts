/**
 * The words for a return's codes: carriers by name (the spec's values, named neutrally as the
 * spec names them), how the return was requested, reasons and resolutions. A code the console
 * does not know yet is shown as the API gave it, never hidden.
 */
import {
  ORDER_SHIPMENT_CARRIER,
  type RETURN_REQUEST_SOURCE,
} from '../../../../shared/api/enums.gen';
import { codeAsWords } from '../../ui/format/open-value-text';
import { RESOLUTION_LABELS } from './return-badges';
import { REASON_LABELS, type ReturnReason } from './return-filters';

type Carrier = (typeof ORDER_SHIPMENT_CARRIER)[number];
type Source = (typeof RETURN_REQUEST_SOURCE)[number];

export const CARRIER_NAMES: Record<Carrier, string> = {
  mock: 'Mock carrier (tests)',
  carrier_a: 'Carrier A',
  carrier_b: 'Carrier B',
  carrier_c: 'Carrier C',
  carrier_d: 'Carrier D',
};

export const CARRIER_CODES: readonly Carrier[] = ORDER_SHIPMENT_CARRIER;

/**
 * The carriers a filter offers before any data is seen: the spec's, without its test-only
 * `mock` (a real account never ships with it; the sandbox's returns that do are offered as
 * seen, with the others found in the data).
 */
export const FILTER_CARRIERS: readonly Carrier[] = CARRIER_CODES.filter((c) => c !== 'mock');

export const SOURCE_LABELS: Record<Source, string> = {
  MANUAL: 'Entered by staff',
  PORTAL: 'Returns portal',
  API: 'Through the API',
  STOREFRONT: 'Storefront',
};

const known = <K extends string>(table: Record<K, string>, code: unknown): string | null =>
  typeof code === 'string' && code !== ''
    ? ((table as Record<string, string>)[code] ?? null)
    : null;

/** "Carrier C"; an unknown carrier as the API gave it; null for none. */
export function carrierName(code: unknown): string | null {
  if (typeof code !== 'string' || code.trim() === '') return null;
  return known(CARRIER_NAMES, code) ?? code;
}

const words = (code: unknown): string | null =>
  typeof code === 'string' && code.trim() !== '' ? codeAsWords(code) : null;

export function sourceLabel(code: unknown): string | null {
  return known(SOURCE_LABELS, code) ?? words(code);
}

export function reasonLabel(code: unknown): string | null {
  return known(REASON_LABELS as Record<ReturnReason, string>, code) ?? words(code);
}

export function resolutionLabel(code: unknown): string | null {
  return known(RESOLUTION_LABELS, code) ?? words(code);
}
