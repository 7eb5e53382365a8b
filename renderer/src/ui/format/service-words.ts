/**
 * A carrier service's code in words ("next_day" → "Next day"): a packer reads how a parcel
 * goes, not an API code. Codes with a better name than their words get it; any other code is
 * said as its words (the API's list of services is open).
 */
import { codeAsWords } from './open-value-text';

const NAMES: Record<string, string> = {
  next_day: 'Next day',
  parcel_plus: 'Parcel plus',
  express_saver: 'Express saver',
  mock_standard: 'Standard (test carrier)',
  international: 'International',
};

/** The service in words, or null for none. */
export function serviceWords(code: unknown): string | null {
  if (typeof code !== 'string' || code.trim() === '') return null;
  const key = code.trim().toLowerCase();
  return NAMES[key] ?? codeAsWords(key);
}
