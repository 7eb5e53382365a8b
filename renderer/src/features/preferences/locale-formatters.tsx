/** The formatters for the saved locale, for everything below (ui/format/use-formatters.ts). */
import type { ReactNode } from 'react';
import { FormattersProvider } from '../../ui/format/use-formatters';
import { useUiPreferences } from './use-settings';

export function LocaleFormatters({ children }: { children: ReactNode }) {
  const { locale } = useUiPreferences();
  return <FormattersProvider locale={locale}>{children}</FormattersProvider>;
}
