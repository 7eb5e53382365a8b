/**
 * What a scan does, on any page: the router looks the code up (scan-router.ts), then one
 * match is opened by its kind's opener (scan-openers.ts), several give a short pick list, and
 * none says so with a sound. The default order opener opens the order and prints what the
 * person chose for scans, read fresh from the settings at each scan, so a change made in
 * Settings (or the scan bar's toggle) applies to the next parcel.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useLocation } from 'wouter';
import type { PackbenchClient } from '../../bridge';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useSelectedConnection } from '../../query/connections';
import { toast } from '../../ui/toast-store';
import { isBadge, usePacker } from '../packing/packer';
import { outcomeMessage } from '../printing/print-outcome';
import { beep } from './scan-beep';
import { interceptScan } from './scan-intercept';
import type { ScanHit } from './scan-kinds';
import { defaultPath, type OpenContext, scanOpenerFor } from './scan-openers';
import { printForScan } from './scan-print';
import { RESOLVERS } from './scan-resolvers';
import { resolveScan } from './scan-router';
import { useScanStore } from './scan-store';

/**
 * Opens the order's pack screen; nothing prints before its pack gate passes (a cancelled order
 * must not get a label). With the station's item check on, printing waits for the last item;
 * with it off, the pack screen calls printScannedOrder once the gate lets the order through.
 */
async function openOrderAndPrint({ hit, navigate }: OpenContext): Promise<void> {
  navigate(`/pack/${hit.id}`);
}

/** Prints what Settings → Printing chose for scans, as the scan found the order (no item check). */
export async function printScannedOrder({
  hit,
  code,
  client,
}: Pick<OpenContext, 'hit' | 'code' | 'client'>): Promise<void> {
  const store = useScanStore.getState();
  let choice = { label: false, packingSlip: false };
  try {
    const { settings } = await callBridge(client, 'settingsGet', {});
    if (settings.station.verify) return;
    choice = settings.printing.scan;
  } catch {
    // Settings unreadable: open the order, print nothing unasked.
  }
  if (!choice.label && !choice.packingSlip) return;
  store.set({ kind: 'opened', code, hit, printing: true });
  const outcome = await printForScan(client, Number(hit.id), choice);
  const message = outcomeMessage(outcome);
  toast(`${hit.title}: ${message.title}`, { tone: message.tone, description: message.description });
  if (outcome.jobs.length === 0) beep();
  useScanStore.getState().setPrinted({
    orderName: hit.title,
    jobs: outcome.jobs,
    problems: outcome.skipped.map((s) => s.reason),
  });
  useScanStore.getState().set({ kind: 'opened', code, hit, printing: false });
}

async function openDefault(ctx: OpenContext): Promise<void> {
  if (ctx.hit.kind === 'order') return openOrderAndPrint(ctx);
  ctx.navigate(defaultPath(ctx.hit));
}

export function useScanAction() {
  const client: PackbenchClient = useBridge();
  const queryClient = useQueryClient();
  const connection = useSelectedConnection();
  const [location, navigate] = useLocation();
  const packer = usePacker();
  // The page at the moment of the scan (the listener's callback outlives renders).
  const where = useRef(location);
  where.current = location;

  const open = useCallback(
    async (code: string, hit: ScanHit) => {
      useScanStore.getState().set({ kind: 'opened', code, hit, printing: false });
      const opener = scanOpenerFor(hit.kind) ?? openDefault;
      try {
        await opener({ hit, code, navigate, client });
      } catch (error) {
        useScanStore.getState().set({ kind: 'error', code, message: errorMessage(error) });
        beep();
      }
    },
    [client, navigate],
  );

  const scan = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      if (code === '') return;
      const store = useScanStore.getState();
      // A packer's badge signs them in, on any page (a PKR- code is never anything else).
      if (isBadge(code)) {
        const outcome = await packer.signInByBadge(code);
        if (outcome.ok) {
          store.set({ kind: 'idle' });
          toast(`${outcome.name} is packing at this station`, { tone: 'success' });
        } else {
          store.set({ kind: 'error', code, message: outcome.message });
          beep();
        }
        return;
      }
      // The page's own reading first (the pack screen's items): no request for those.
      if (interceptScan(code)) {
        store.set({ kind: 'idle' });
        return;
      }
      store.set({ kind: 'searching', code });
      try {
        const found = await resolveScan(code, where.current, RESOLVERS, {
          client,
          queryClient,
          connectionId: connection?.id,
        });
        // A newer scan started meanwhile: its answer is the one to show.
        const now = useScanStore.getState().state;
        if (now.kind !== 'searching' || now.code !== code) return;
        if (found.hits.length === 0) {
          store.set({ kind: 'none', code, asked: found.asked });
          beep();
        } else if (found.hits.length > 1) {
          // Several records share the code: none is opened, and the packer hears it.
          store.set({ kind: 'several', code, hits: found.hits });
          beep(330, 0.15);
        } else {
          await open(code, found.hits[0]!);
        }
      } catch (error) {
        store.set({ kind: 'error', code, message: errorMessage(error) });
        beep();
      }
    },
    [client, queryClient, connection?.id, open, packer.signInByBadge],
  );

  return { scan, open };
}
