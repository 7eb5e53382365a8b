/**
 * The formatters for the saved locale (or the browser's). Building Intl formatters is costly
 * (tens of microseconds to milliseconds each) and every grid cell with a date or an amount
 * asks for them, so they are built once per locale for the whole page, not once per cell:
 * the ui-orders benchmark found a page change spending ~40 ms of its ~110 ms here.
 */
import { useUiPreferences } from '../preferences/use-settings';
import { createFormatters, type Formatters, resolveLocale } from './formatters';

const built = new Map<string, Formatters>();

/** One Formatters per saved locale and browser languages, shared by every caller. */
export function formattersFor(saved: string | null, browser: readonly string[]): Formatters {
  const key = `${saved ?? ''}|${browser.join(',')}`;
  let formatters = built.get(key);
  if (!formatters) {
    formatters = createFormatters(resolveLocale(saved, browser));
    built.set(key, formatters);
  }
  return formatters;
}

export function useFormatters(): Formatters {
  const { locale } = useUiPreferences();
  return formattersFor(locale, navigator.languages);
}
