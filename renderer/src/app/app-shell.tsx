/**
 * The console's frame: a skip link, the header (brand, search, activity, the connection
 * menu, the shortcut sheet), the status banner, the views' navigation and the current view.
 */
import { Keyboard } from 'lucide-react';
import { ConnectionSwitcher } from '../features/connections/connection-switcher';
import { MissingKeyNotice } from '../features/connections/missing-key-notice';
import { useFloorLive } from '../features/floor-live/use-floor-live';
import { FloorBanner } from '../features/floor-settings/floor-banner';
import { ScanBar } from '../features/scan/scan-bar';
import { ActivityIndicator } from '../features/status/activity-indicator';
import { StatusBanner } from '../features/status/status-banner';
import { useBridgeEvents } from '../features/status/use-bridge-events';
import { Button } from '../ui/button';
import { ShortcutSheet } from '../ui/shortcuts/shortcut-sheet';
import { useShortcutStore } from '../ui/shortcuts/shortcut-store';
import { Tooltip } from '../ui/tooltip';
import { AppRoutes } from './app-routes';
import { useAppShortcuts } from './app-shortcuts';
import { HeaderSearch } from './header-search';
import { usePreloadedViews } from './lazy-view';
import { NavSidebar } from './nav-sidebar';

export function AppShell() {
  useBridgeEvents();
  useFloorLive();
  useAppShortcuts();
  usePreloadedViews();
  const openSheet = useShortcutStore((s) => s.setSheetOpen);
  return (
    <div className="flex h-full flex-col">
      <button
        type="button"
        // The hash is the router's, so no "#main" link: the button moves the focus instead.
        onClick={() => document.getElementById('main')?.focus()}
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
      >
        Skip to content
      </button>
      <header className="flex items-center gap-pad border-b border-line bg-surface px-pad py-2">
        <span className="text-lg font-bold tracking-tight">Packbench</span>
        <HeaderSearch />
        <div className="ml-auto flex items-center gap-2">
          <ActivityIndicator />
          <ConnectionSwitcher />
          <Tooltip content="Keyboard shortcuts (?)">
            <Button tone="ghost" aria-label="Keyboard shortcuts" onClick={() => openSheet(true)}>
              <Keyboard aria-hidden className="size-4" />
            </Button>
          </Tooltip>
        </div>
      </header>
      <StatusBanner />
      <FloorBanner />
      <MissingKeyNotice />
      <div className="flex min-h-0 flex-1">
        <NavSidebar />
        <main
          id="main"
          tabIndex={-1}
          className="flex min-w-0 flex-1 flex-col overflow-auto outline-none"
        >
          <ScanBar />
          {/* The rest of the height, for views that fill it (the returns split view). */}
          <div className="min-h-0 flex-1">
            <AppRoutes />
          </div>
        </main>
      </div>
      <ShortcutSheet />
    </div>
  );
}
