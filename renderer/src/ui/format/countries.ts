/**
 * Countries as people name them: every ISO 3166-1 alpha-2 code (country-list) with its name in
 * the person's language (Intl.DisplayNames) and in English, so "Germany", "Deutschland", "de"
 * and "DE" all find DE. Built once per locale.
 */
import { getCodes, getName } from 'country-list';

export interface Country {
  code: string;
  /** The name in the person's language. */
  name: string;
  /** Lower-cased names and code, for matching what was typed. */
  keys: string[];
}

const built = new Map<string, Country[]>();

function displayNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  } catch {
    return null;
  }
}

/** Every country, sorted by its name in `locale`. */
export function countries(locale: string): Country[] {
  const known = built.get(locale);
  if (known) return known;
  const local = displayNames(locale);
  const english = displayNames('en');
  const list = getCodes().map((code) => {
    const iso = getName(code) ?? code;
    const name = local?.of(code) ?? english?.of(code) ?? iso;
    const keys = [name, english?.of(code) ?? '', iso.replace(/\s*\(the\)$/i, ''), code]
      .filter((k) => k !== '')
      .map((k) => k.toLowerCase());
    return { code, name, keys: [...new Set(keys)] };
  });
  list.sort((a, b) => a.name.localeCompare(b.name, locale));
  built.set(locale, list);
  return list;
}

/** The country a person's words name: a code ("de") or a full name ("Germany"); else ''. */
export function countryCode(text: string, locale: string): string {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return '';
  const all = countries(locale);
  return all.find((c) => c.keys.includes(wanted))?.code ?? '';
}

/** "Germany (DE)" for a code; the code itself when it names no known country. */
export function countryLabel(code: string | null | undefined, locale: string): string | null {
  if (!code) return null;
  const upper = code.toUpperCase();
  const found = countries(locale).find((c) => c.code === upper);
  return found ? `${found.name} (${upper})` : upper;
}

/** What a country box holds, as a code: "Germany (DE)" (a chosen suggestion), "Germany", "de". */
export function countryFromText(text: string, locale: string): string {
  const chosen = /\(([A-Za-z]{2})\)\s*$/.exec(text);
  if (chosen?.[1]) return countryCode(chosen[1], locale);
  return countryCode(text, locale);
}
