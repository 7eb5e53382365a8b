/**
 * Listens for a barcode scanner anywhere on the page (scanner-driver.ts does the listening;
 * scan-burst.ts decides) and hands each code to `onScan` with where it was scanned. The
 * listener is added once, when the shell mounts, so it stays ahead of every other keydown
 * listener; the settings' prefix and suffix reach it as they change.
 */
import { useEffect, useRef } from 'react';
import {
  installScannerListener,
  type ScannerKeys,
  type ScannerListener,
  type ScanPlace,
} from './scanner-driver';

export {
  dialogOpen,
  SCAN_EVENT,
  type ScanEventDetail,
  type ScannerKeys,
  type ScanPlace,
} from './scanner-driver';

export function useScannerListener(
  onScan: (code: string, place: ScanPlace) => void,
  keys: ScannerKeys = {},
): void {
  const latest = useRef(onScan);
  latest.current = onScan;
  const listener = useRef<ScannerListener | null>(null);
  const prefix = keys.prefix ?? '';
  const suffix = keys.suffix ?? '';
  useEffect(() => {
    const installed = installScannerListener((code, place) => latest.current(code, place));
    listener.current = installed;
    return () => {
      installed.stop();
      listener.current = null;
    };
  }, []);
  // After the effect above (effects run in order), and again whenever the settings change.
  useEffect(() => listener.current?.setKeys({ prefix, suffix }), [prefix, suffix]);
}
