/**
 * The pack screen's work on one order: scans of its items counted on their lines (no request:
 * the lines know their SKUs and barcodes), a code the lines do not know left to the scan
 * router (an order code opens the next order; a product that is not on the order is a wrong
 * item: red, a buzz, nothing counted), confirmation by key for an item with no barcode, and,
 * once every unit is verified, the pack log written and the label and slip printed through
 * the routed printers (fetched ahead while the person packs, so the print does not wait).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api } from '../../../../shared/contract/values';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { invalidateMethods } from '../../query/bridge-query';
import type { ToastTone } from '../../ui/toast-store';
import { useSettings } from '../preferences/use-settings';
import { outcomeMessage } from '../printing/print-outcome';
import { usePrintingSettings } from '../printing/use-printing-settings';
import { useScanInterceptor } from '../scan/scan-intercept';
import { useScanOpener } from '../scan/scan-openers';
import { printForScan } from '../scan/scan-print';
import { useScanStore } from '../scan/scan-store';
import {
  applyScan,
  type Counts,
  countOf,
  countUnit,
  type PackLine,
  type PackVerdict,
} from './pack-model';
import { playPackSound } from './pack-sounds';
import { countsFor, usePackStore } from './pack-store';
import { useStationSettings } from './use-station-settings';

export type PrintState =
  | { kind: 'idle' }
  | { kind: 'printing'; what: string }
  | { kind: 'printed'; title: string; description?: string; tone: ToastTone }
  | { kind: 'off' };

export function usePackSession(
  order: Api['Order'] | undefined,
  orderName: string,
  lines: PackLine[],
) {
  const client = useBridge();
  const queryClient = useQueryClient();
  const station = useStationSettings();
  const choice = usePrintingSettings()?.scan ?? { label: false, packingSlip: false };
  // On unless turned off (views.packPrefetch: false), for the bench's side-by-side run.
  const prefetchOn = useSettings().data?.settings.views.packPrefetch !== false;
  const autoPrint = choice.label || choice.packingSlip;
  const orderId = order?.id ?? 0;
  const setCounts = usePackStore((s) => s.setCounts);
  const setSignal = usePackStore((s) => s.setSignal);
  const [print, setPrint] = useState<PrintState>({ kind: 'idle' });

  // Fetch the documents to print while the person packs.
  const prefetched = useRef(0);
  useEffect(() => {
    if (!order || !prefetchOn || !station.verify || !autoPrint) return;
    if (prefetched.current === order.id) return;
    prefetched.current = order.id;
    const kinds = [
      ...(choice.label ? (['shipping_label'] as const) : []),
      ...(choice.packingSlip ? (['packing_slip'] as const) : []),
    ];
    void callBridge(client, 'printPrefetch', { orderId: order.id, kinds }).catch(() => undefined);
  }, [order, prefetchOn, station.verify, autoPrint, choice.label, choice.packingSlip, client]);

  const finish = useCallback(
    async (counts: Counts) => {
      const packed = lines.map((line) => ({
        sku: line.sku,
        qty: line.qty,
        ...countOf(counts, line.key),
      }));
      const printing = station.verify && autoPrint;
      // The prints first, then the log, all at once: the person waits for the label, not for
      // the log, so the label's request is the first the bridge takes up.
      const printed = printing ? printForScan(client, orderId, choice) : null;
      const logged = callBridge(client, 'packLogRecord', {
        orderId,
        orderName,
        lines: packed,
      }).then(
        () => null,
        (error: unknown) => errorMessage(error),
      );
      if (!printing) {
        const problem = await logged;
        setPrint(
          problem
            ? {
                kind: 'printed',
                tone: 'error',
                title: 'The pack was not logged',
                description: problem,
              }
            : { kind: autoPrint ? 'idle' : 'off' },
        );
        void invalidateMethods(queryClient, ['packLogList']);
        return;
      }
      const what =
        choice.label && choice.packingSlip ? 'label and slip' : choice.label ? 'label' : 'slip';
      setPrint({ kind: 'printing', what });
      const outcome = await (printed ?? printForScan(client, orderId, choice));
      const message = outcomeMessage(outcome);
      setPrint({ kind: 'printed', ...message });
      const problem = await logged;
      if (problem) {
        setPrint({
          kind: 'printed',
          tone: 'error',
          title: `${message.title}. The pack was not logged`,
          description: problem,
        });
      } else if (outcome.kinds.length > 0) {
        await callBridge(client, 'packLogPrinted', {
          orderId,
          printed: outcome.kinds.map(({ kind, job }) => ({
            kind,
            printer: job.printerName,
            jobId: job.id,
            at: job.createdAt,
          })),
        }).catch(() => undefined);
      }
      if (outcome.jobs.length === 0) playPackSound('refused', station.sounds);
      void invalidateMethods(queryClient, ['packLogList', 'printedMarksList']);
    },
    [client, queryClient, lines, orderId, orderName, station, autoPrint, choice],
  );

  const apply = useCallback(
    ({ counts, verdict }: { counts: Counts; verdict: PackVerdict }) => {
      if (verdict.kind === 'unknown') return;
      setCounts(orderId, counts);
      if (verdict.kind === 'over') {
        setSignal(orderId, { kind: 'over', line: verdict.line });
        playPackSound('refused', station.sounds);
        return;
      }
      if (verdict.complete) {
        setSignal(orderId, { kind: 'complete' });
        playPackSound('complete', station.sounds);
        void finish(counts);
      } else {
        setSignal(orderId, { kind: 'counted', line: verdict.line, byHand: verdict.byHand });
        playPackSound('counted', station.sounds);
      }
    },
    [orderId, setCounts, setSignal, station.sounds, finish],
  );

  useScanInterceptor((code) => {
    if (!order || lines.length === 0) return false;
    const result = applyScan(lines, countsFor(orderId), code);
    if (result.verdict.kind === 'unknown') return false;
    apply(result);
    return true;
  });

  // The router found a product for a code the lines did not know: this order's (an item
  // whose barcode the lines had not learnt yet), or a wrong item.
  useScanOpener('product', ({ hit, code }) => {
    const line = lines.find((l) => l.productId === Number(hit.id));
    if (order && line) {
      apply(countUnit(lines, countsFor(orderId), line, false));
      return;
    }
    setSignal(orderId, { kind: 'wrong', code, what: hit.title });
    playPackSound('refused', station.sounds);
  });

  // A code nobody knows (the router's "nothing matches"): said in the big banner too, where
  // the packer looks; the scan bar has beeped already.
  const scanState = useScanStore((s) => s.state);
  useEffect(() => {
    if (scanState.kind === 'none' && orderId > 0) {
      setSignal(orderId, { kind: 'wrong', code: scanState.code, what: null });
    }
  }, [scanState, orderId, setSignal]);

  const confirmByHand = (line: PackLine) => apply(countUnit(lines, countsFor(orderId), line, true));

  const restart = () => {
    usePackStore.getState().reset(orderId);
    setPrint({ kind: 'idle' });
  };

  return { confirmByHand, restart, print, autoPrint, station };
}
