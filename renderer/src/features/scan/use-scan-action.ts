/**
 * What a scan does: search the code, keep only exact matches, then open the one order (and
 * print what the person chose for scans), offer a pick list for several, or say "no match"
 * with a beep. The scan-print choice is read fresh from the settings at each scan, so a
 * change made in Settings (or another window) applies to the next parcel.
 */
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { toast } from '../../ui/toast-store';
import { outcomeMessage } from '../printing/print-outcome';
import { beep } from './scan-beep';
import { exactMatches } from './scan-match';
import { printForScan } from './scan-print';
import { type PickCandidate, useScanStore } from './scan-store';

/** Enough to hold every exact match of a code: exact hits are few; broad hits are many. */
const SEARCH_PAGE_SIZE = 200;

export function useScanAction() {
  const client = useBridge();
  const [, navigate] = useLocation();

  const open = useCallback(
    async (code: string, order: { id: number; name: string }) => {
      const store = useScanStore.getState();
      navigate(`/orders/${order.id}`);
      let choice = { label: false, packingSlip: false };
      try {
        choice = (await callBridge(client, 'settingsGet', {})).settings.printing.scan;
      } catch {
        // Settings unreadable: open the order, print nothing unasked.
      }
      if (!choice.label && !choice.packingSlip) {
        store.set({ kind: 'opened', code, orderId: order.id, name: order.name, printing: false });
        return;
      }
      store.set({ kind: 'opened', code, orderId: order.id, name: order.name, printing: true });
      const outcome = await printForScan(client, order.id, choice);
      const message = outcomeMessage(outcome);
      toast(`${order.name}: ${message.title}`, {
        tone: message.tone,
        description: message.description,
      });
      if (outcome.jobs.length === 0) beep();
      useScanStore.getState().setPrinted({
        orderName: order.name,
        jobs: outcome.jobs,
        problems: outcome.skipped.map((s) => s.reason),
      });
      useScanStore
        .getState()
        .set({ kind: 'opened', code, orderId: order.id, name: order.name, printing: false });
    },
    [client, navigate],
  );

  const scan = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      if (code === '') return;
      const store = useScanStore.getState();
      store.set({ kind: 'searching', code });
      try {
        const page = await callBridge(client, 'ordersList', {
          filters: { q: code },
          pageSize: SEARCH_PAGE_SIZE,
        });
        const matches = exactMatches(page.results, code);
        if (matches.length === 0) {
          store.set({ kind: 'none', code });
          beep();
          return;
        }
        const candidates: PickCandidate[] = matches.map((m) => ({
          id: m.order.id,
          name: m.order.order_name ?? `#${m.order.id}`,
          recipient: m.order.recipient_name,
          field: m.field,
        }));
        if (candidates.length > 1) {
          store.set({ kind: 'several', code, candidates });
          return;
        }
        await open(code, candidates[0]!);
      } catch (error) {
        store.set({ kind: 'error', code, message: errorMessage(error) });
        beep();
      }
    },
    [client, open],
  );

  return { scan, open };
}
