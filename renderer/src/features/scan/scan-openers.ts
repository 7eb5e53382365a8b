/**
 * What opening a scanned thing does, per kind: the one place to change it. The defaults open
 * the thing's page (an order's detail, printing what Settings → Printing chose for scans; a
 * return; a product's stock; a shipment). A feature replaces a kind's opener while it is
 * mounted, e.g. the pack bench:
 *
 *   useScanOpener('order', ({ hit, navigate }) => navigate(`/pack/${hit.id}`));
 *
 * The latest registration wins; unmounting gives the kind back to the one before.
 */
import { useEffect, useRef } from 'react';
import type { PackbenchClient } from '../../bridge';
import type { ScanHit, ScanKind } from './scan-kinds';

export interface OpenContext {
  hit: ScanHit;
  /** The code as scanned. */
  code: string;
  navigate(path: string): void;
  client: PackbenchClient;
}

export type ScanOpener = (ctx: OpenContext) => void | Promise<void>;

const stacks = new Map<ScanKind, ScanOpener[]>();

export function registerScanOpener(kind: ScanKind, opener: ScanOpener): () => void {
  const stack = stacks.get(kind) ?? [];
  stack.push(opener);
  stacks.set(kind, stack);
  return () => {
    const i = stack.lastIndexOf(opener);
    if (i >= 0) stack.splice(i, 1);
  };
}

/** The opener in force for a kind, or undefined (then the default applies). */
export function scanOpenerFor(kind: ScanKind): ScanOpener | undefined {
  const stack = stacks.get(kind);
  return stack?.[stack.length - 1];
}

/** Registers `opener` for `kind` while the calling component is mounted. */
export function useScanOpener(kind: ScanKind, opener: ScanOpener): void {
  const latest = useRef(opener);
  latest.current = opener;
  useEffect(() => registerScanOpener(kind, (ctx) => latest.current(ctx)), [kind]);
}

/** The page each kind opens on by default. */
export function defaultPath(hit: ScanHit): string {
  switch (hit.kind) {
    case 'order':
      return `/orders/${hit.id}`;
    case 'return':
      return `/returns/${hit.id}`;
    case 'product':
      return `/inventory/${hit.id}`;
    case 'shipment':
      return `/shipments/${encodeURIComponent(hit.id)}`;
  }
}
