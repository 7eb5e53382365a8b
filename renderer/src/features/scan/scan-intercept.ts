/**
 * A page that reads some scans itself before the router looks them up: the pack screen counts
 * an item's barcode on its line without a request. The interceptor answers true when it took
 * the code; false lets the router go on (an order code, a return, a wrong item to identify).
 * The latest registration wins; unmounting gives the place back.
 */
import { useEffect, useRef } from 'react';

export type ScanInterceptor = (code: string) => boolean;

const stack: ScanInterceptor[] = [];

export function registerScanInterceptor(interceptor: ScanInterceptor): () => void {
  stack.push(interceptor);
  return () => {
    const i = stack.lastIndexOf(interceptor);
    if (i >= 0) stack.splice(i, 1);
  };
}

/** True when the interceptor in force took the code. */
export function interceptScan(code: string): boolean {
  return stack[stack.length - 1]?.(code) ?? false;
}

/** Registers `interceptor` while the calling component is mounted. */
export function useScanInterceptor(interceptor: ScanInterceptor): void {
  const latest = useRef(interceptor);
  latest.current = interceptor;
  useEffect(() => registerScanInterceptor((code) => latest.current(code)), []);
}
