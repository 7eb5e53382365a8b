/** The formatters for the saved locale (or the browser's), rebuilt only when it changes. */
import { useMemo } from 'react';
import { useUiPreferences } from '../preferences/use-settings';
import { createFormatters, type Formatters, resolveLocale } from './formatters';

export function useFormatters(): Formatters {
  const { locale } = useUiPreferences();
  return useMemo(() => createFormatters(resolveLocale(locale, navigator.languages)), [locale]);
}
