/**
 * Everything the tree needs around it: the bridge client, TanStack Query, the hash router
 * (the page may be served at any path; the session token has left the fragment by now; a
 * view's query sits inside the fragment: hash-location.ts),
 * Radix's tooltip timing, the toasts and the theme applier.
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import type { PackbenchClient } from '../bridge';
import { LocaleFormatters } from '../features/preferences/locale-formatters';
import { PreferencesEffect } from '../features/preferences/preferences-effect';
import { BridgeProvider } from '../query/bridge-context';
import { ShortcutLayer } from '../ui/shortcuts/shortcut-layer';
import { Toaster } from '../ui/toaster';
import { TooltipProvider } from '../ui/tooltip';
import { useHashPath } from './hash-location';

export function Providers({
  client,
  queryClient,
  children,
}: {
  client: PackbenchClient;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <BridgeProvider client={client}>
      <QueryClientProvider client={queryClient}>
        <Router hook={useHashPath} searchHook={useHashPath.searchHook}>
          <TooltipProvider delayDuration={400}>
            <LocaleFormatters>
              <PreferencesEffect />
              <ShortcutLayer />
              {children}
              <Toaster />
            </LocaleFormatters>
          </TooltipProvider>
        </Router>
      </QueryClientProvider>
    </BridgeProvider>
  );
}
