/**
 * Addresses as printed lines. Where the postcode goes differs by country, and a sorter reads
 * the last lines first (city, postcode, country), so they follow the destination's habit.
 */
import { lineOf } from './text-sanitize';

/** Countries that write "City, ST 12345" (province abbreviation before the postcode). */
const CITY_FIRST = new Set(['US', 'CA', 'AU', 'PH', 'MX', 'BR', 'IN', 'NZ']);
/** Countries that put the postcode on a line of its own below the city. */
const POSTCODE_BELOW = new Set(['GB', 'IE', 'JE', 'GG', 'IM']);

let regionNames: Intl.DisplayNames | null | undefined;

/** "NETHERLANDS" for "NL"; the code itself when the runtime has no name for it. */
export function countryName(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return upper;
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  const name = regionNames?.of(upper);
  return (name && name !== upper ? name : upper).toUpperCase();
}

export interface PostalParts {
  city: unknown;
  province?: unknown;
  postcode: unknown;
  country: unknown;
}

/** The city/postcode line(s) and the country line, without empty lines. */
export function postalLines(parts: PostalParts): string[] {
  const city = lineOf(parts.city);
  const province = lineOf(parts.province);
  const postcode = lineOf(parts.postcode);
  const country = lineOf(parts.country).toUpperCase();
  const lines: string[] = [];
  if (CITY_FIRST.has(country)) {
    lines.push(join(`${city}${city && (province || postcode) ? ',' : ''}`, province, postcode));
  } else if (POSTCODE_BELOW.has(country)) {
    lines.push(join(city, province), postcode);
  } else {
    lines.push(join(postcode, city, province));
  }
  if (country) lines.push(countryName(country));
  return lines.filter((l) => l !== '');
}

/** Non-empty parts joined with single spaces. */
export function join(...parts: string[]): string {
  return parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join(' ');
}

/** Non-empty lines only: optional address parts (company, line 2) leave no gap. */
export function presentLines(...values: unknown[]): string[] {
  return values.map(lineOf).filter((l) => l !== '');
}

/** Short reference fields on one line, e.g. "ORDER #1001 | WEIGHT 1.850 kg". */
export function fields(...parts: string[]): string {
  return parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join(' | ');
}
