/**
 * Dates, numbers and money in the person's locale (Intl), money always in the order's own
 * currency. The API sends money as decimal strings ("12.50"): they are formatted as strings,
 * never through a float, so "0.10" stays exact. Anything unreadable shows as an em dash or
 * as given, never as "NaN" or "Invalid Date".
 */

import { hourlyDateTime } from './hourly-date-time';

export const MISSING = '—';

/** The locale to use: the saved one if Intl knows it, else the browser's, else English. */
export function resolveLocale(saved: string | null, browser: readonly string[] = []): string {
  for (const candidate of [saved, ...browser]) {
    if (!candidate) continue;
    try {
      if (Intl.NumberFormat.supportedLocalesOf([candidate]).length > 0) return candidate;
    } catch {
      // Not a well-formed tag: try the next one.
    }
  }
  return 'en';
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A date without a time ("2026-11-22") is a calendar day: read and show it in UTC so it
  // does not move to the day before west of Greenwich.
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface Formatters {
  locale: string;
  date(value: string | Date | null | undefined): string;
  dateTime(value: string | Date | null | undefined): string;
  number(value: number | null | undefined): string;
  money(amount: string | number | null | undefined, currency: string | null | undefined): string;
}

export function createFormatters(locale: string, timeZone?: string): Formatters {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const dayUtc = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dayTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const dayTimeAt = hourlyDateTime(dayTime, locale);
  const numbers = new Intl.NumberFormat(locale);
  const currencies = new Map<string, Intl.NumberFormat>();

  const currencyFormat = (currency: string): Intl.NumberFormat | null => {
    let format = currencies.get(currency);
    if (!format) {
      try {
        format = new Intl.NumberFormat(locale, { style: 'currency', currency });
      } catch {
        return null;
      }
      currencies.set(currency, format);
    }
    return format;
  };

  return {
    locale,
    date(value) {
      const date = parseDate(value);
      if (!date) return MISSING;
      return (typeof value === 'string' && DATE_ONLY.test(value) ? dayUtc : day).format(date);
    },
    dateTime(value) {
      const date = parseDate(value);
      if (!date) return MISSING;
      if (typeof value === 'string' && DATE_ONLY.test(value)) return dayUtc.format(date);
      return dayTimeAt(date.getTime());
    },
    number(value) {
      return value === null || value === undefined || Number.isNaN(value)
        ? MISSING
        : numbers.format(value);
    },
    money(amount, currency) {
      if (amount === null || amount === undefined || amount === '') return MISSING;
      const text = String(amount).trim();
      if (!/^[-+]?\d+(\.\d+)?$/.test(text)) return text;
      const format = currency ? currencyFormat(currency.toUpperCase()) : null;
      // An unknown currency code still shows the amount, with the code as the API gave it.
      if (!format) return currency ? `${text} ${currency}` : text;
      return format.format(text as Intl.StringNumericLiteral);
    },
  };
}

/** API codes as a person reads them: "label_purchased" → "Label purchased"; null for none. */
export function humanize(code: string | null | undefined): string | null {
  if (!code) return null;
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words === '' ? null : words.charAt(0).toUpperCase() + words.slice(1);
}

/** A yes/no field, spelled out; null when not given. */
export function yesNo(value: boolean | null | undefined): string | null {
  return value === true ? 'Yes' : value === false ? 'No' : null;
}
