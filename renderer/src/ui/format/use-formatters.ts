/**
 * The formatters for the person's locale, from a context the shell fills with the saved one
 * (features/preferences/locale-formatters.tsx); without it, the browser's. Building Intl
 * formatters is costly (tens of microseconds to milliseconds each) and every grid cell with a
 * date or an amount asks for them, so they are built once per locale for the whole page, not
 * once per cell: the ui-orders benchmark found a page change spending ~40 ms of its ~110 ms
 * here. Reading a context also keeps the cells from subscribing to the settings each.
 */
import { createContext, createElement, type ReactNode, useContext } from 'react';
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

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages;

const FormattersContext = createContext<Formatters | null>(null);

/** Puts the formatters for `locale` (null: the browser's) below it. */
export function FormattersProvider({
  locale,
  children,
}: {
  locale: string | null;
  children: ReactNode;
}) {
  const value = formattersFor(locale, browserLanguages());
  return createElement(FormattersContext.Provider, { value }, children);
}

export function useFormatters(): Formatters {
  return useContext(FormattersContext) ?? formattersFor(null, browserLanguages());
}
