/**
 * The pack screen's work on one order: scans of its items counted on their lines (no request:
 * the lines know their SKUs and barcodes), a code the lines do not know left to the scan
 * router (an order code opens the next order; a product that is not on the order is a wrong
 * item: red, a buzz, nothing counted), confirmation by key for an item with no barcode, a
 * number typed after a scan for a multi-unit line, and, once every unit is verified, one
 * `packComplete` call: the label and slip printed through the routed printers (fetched ahead
 * while the person packs, so the print does not wait) and the pack log written with them
 * (with any gate overridden). Nothing is counted, fetched ahead or printed until the pack gate
 * (use-pack-gate.ts) has passed; an order passed without a label prints its slip only and does
 * not end green.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PackOverride } from '../../../../shared/contract/packing-values';
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
import { useScanStore } from '../scan/scan-store';
import { printScannedOrder } from '../scan/use-scan-action';
import {
  applyScan,
  type Counts,
  countOf,
  countTyped,
  countUnit,
  isComplete,
  type PackLine,
  type PackVerdict,
  type TypedVerdict,
} from './pack-model';
import { playPackSound } from './pack-sounds';
import { countsFor, type PackSignal, usePackStore } from './pack-store';
import { useStationSettings } from './use-station-settings';
import { useTypedQuantity } from './use-typed-quantity';

export type PrintState =
  | { kind: 'idle' }
  | { kind: 'printing'; what: string }
  | { kind: 'printed'; title: string; description?: string; tone: ToastTone }
  | { kind: 'off' };

/** Work given while the gate still checks: a scanned code, a line confirmed by key, a typed number. */
type Held = { code: string } | { byHand: string } | { typed: number };

/** What the pack gate decided (use-pack-gate.ts): the session counts only once it passed. */
export interface SessionGate {
  /** Still reading the order afresh: item scans and by-key confirms wait, not refused. */
  checking: boolean;
  passed: boolean;
  overrides: PackOverride[];
  /** The order was let through without a label: the slip prints, not the label. */
  noLabel: boolean;
  /** Malformed quantities were overridden: their lines no longer block completion. */
  malformedPassed: boolean;
}

export function usePackSession(
  order: Api['Order'] | undefined,
  orderName: string,
  lines: PackLine[],
  gate: SessionGate,
) {
  const client = useBridge();
  const queryClient = useQueryClient();
  const station = useStationSettings();
  const chosen = usePrintingSettings()?.scan ?? { label: false, packingSlip: false };
  // An order let through without a label prints its slip only: there is no label to print.
  const choice = gate.noLabel ? { ...chosen, label: false } : chosen;
  // On unless turned off (views.packPrefetch: false), for the bench's side-by-side run.
  const prefetchOn = useSettings().data?.settings.views.packPrefetch !== false;
  const autoPrint = choice.label || choice.packingSlip;
  const orderId = order?.id ?? 0;
  const setCounts = usePackStore((s) => s.setCounts);
  const setSignal = usePackStore((s) => s.setSignal);
  const [print, setPrint] = useState<PrintState>({ kind: 'idle' });
  /** The line the last scan counted: a number typed next counts on it. */
  const lastScanned = useRef<string | null>(null);
  /**
   * Work given while the gate was still checking the order (scans, by-key confirms, typed
   * numbers): each waits for its decision, in the order the packer gave it.
   */
  const held = useRef<Held[]>([]);

  // Fetch the documents to print while the person packs.
  const prefetched = useRef(0);
  useEffect(() => {
    if (!order || !gate.passed || !prefetchOn || !station.verify || !autoPrint) return;
    if (prefetched.current === order.id) return;
    prefetched.current = order.id;
    const kinds = [
      ...(choice.label ? (['shipping_label'] as const) : []),
      ...(choice.packingSlip ? (['packing_slip'] as const) : []),
    ];
    void callBridge(client, 'printPrefetch', { orderId: order.id, kinds }).catch(() => undefined);
  }, [
    order,
    gate.passed,
    prefetchOn,
    station.verify,
    autoPrint,
    choice.label,
    choice.packingSlip,
    client,
  ]);

  // No item check: the order prints as its scan found it, once the gate let it through.
  const printedUnchecked = useRef(0);
  useEffect(() => {
    if (!order || !gate.passed || station.verify || printedUnchecked.current === order.id) return;
    printedUnchecked.current = order.id;
    const scanned = useScanStore.getState().state;
    const code = 'code' in scanned ? scanned.code : orderName;
    const hit = {
      kind: 'order' as const,
      id: String(order.id),
      title: orderName,
      detail: '',
      field: '',
    };
    void printScannedOrder({ hit, code, client });
  }, [order, gate.passed, station.verify, orderName, client]);

  const finish = useCallback(
    async (counts: Counts) => {
      const packed = lines.map((line) => {
        const { scanned, byHand, typed } = countOf(counts, line.key);
        return { sku: line.sku, qty: line.qty, scanned, byHand, ...(typed ? { typed } : {}) };
      });
      const printing = station.verify && autoPrint;
      if (printing) {
        const what =
          choice.label && choice.packingSlip ? 'label and slip' : choice.label ? 'label' : 'slip';
        setPrint({ kind: 'printing', what });
      }
      // One call (packComplete): main asks the label first, then the slip, and writes the log
      // once with what was printed, so the log never holds half a pack.
      const done = await callBridge(client, 'packComplete', {
        orderId,
        orderName,
        lines: packed,
        ...(gate.overrides.length > 0 ? { overrides: gate.overrides } : {}),
        print: printing
          ? { label: choice.label, packingSlip: choice.packingSlip }
          : { label: false, packingSlip: false },
      }).catch((error: unknown) => ({
        record: null,
        logProblem: errorMessage(error),
        print: null,
      }));
      const notLogged = (title: string, description: string): PrintState => ({
        kind: 'printed',
        tone: 'error',
        title,
        description,
      });
      if (!printing || !done.print) {
        setPrint(
          done.logProblem
            ? notLogged('The pack was not logged', done.logProblem)
            : { kind: autoPrint ? 'idle' : 'off' },
        );
        void invalidateMethods(queryClient, ['packLogList']);
        return;
      }
      const message = outcomeMessage(done.print);
      setPrint(
        done.logProblem
          ? notLogged(`${message.title}. The pack was not logged`, done.logProblem)
          : { kind: 'printed', ...message, ...(gate.noLabel ? { tone: 'error' as const } : {}) },
      );
      if (done.print.jobs.length === 0) playPackSound('refused', station.sounds);
      void invalidateMethods(queryClient, ['packLogList', 'printedMarksList']);
    },
    [client, queryClient, lines, orderId, orderName, station, autoPrint, choice, gate],
  );

  // Malformed lines overridden when every other unit was counted already finish the pack below.
  const finishedBefore = useRef(false);
  const complete = useCallback(
    (counts: Counts) => {
      finishedBefore.current = true;
      setSignal(orderId, { kind: 'complete' });
      playPackSound(gate.noLabel ? 'refused' : 'complete', station.sounds);
      void finish(counts);
    },
    [orderId, setSignal, station.sounds, finish, gate.noLabel],
  );

  const apply = useCallback(
    ({ counts, verdict }: { counts: Counts; verdict: PackVerdict }) => {
      if (verdict.kind === 'unknown') return;
      setCounts(orderId, counts);
      if (verdict.kind === 'over' || verdict.kind === 'malformed') {
        setSignal(orderId, { kind: verdict.kind, line: verdict.line });
        playPackSound('refused', station.sounds);
        return;
      }
      if (!verdict.byHand) lastScanned.current = verdict.line.key;
      if (verdict.complete) complete(counts);
      else {
        setSignal(orderId, { kind: 'counted', line: verdict.line, byHand: verdict.byHand });
        playPackSound('counted', station.sounds);
        // A verified item is work on the order: the floor's claim is not idle (throttled there).
        void callBridge(client, 'floorPackTouch', { orderId }).catch(() => undefined);
      }
    },
    [orderId, setCounts, setSignal, station.sounds, complete, client],
  );

  /** Nothing is counted behind a closed gate: said in red, with a buzz. */
  const refuseBehindGate = useCallback(() => {
    setSignal(orderId, { kind: 'gated' });
    playPackSound('refused', station.sounds);
  }, [orderId, setSignal, station.sounds]);

  const onTyped = (typed: number) => {
    // A number typed behind a scan the gate still holds counts on that scan's line once it passes.
    if (gate.checking) return void held.current.push({ typed });
    if (!gate.passed) return refuseBehindGate();
    const line = lines.find((l) => l.key === lastScanned.current);
    if (!line) {
      setSignal(orderId, { kind: 'type-first', typed });
      playPackSound('refused', station.sounds);
      return;
    }
    const result = countTyped(lines, countsFor(orderId), line, typed, gate.malformedPassed);
    applyTyped(result);
  };

  const applyTyped = ({ counts, verdict }: { counts: Counts; verdict: TypedVerdict }) => {
    setCounts(orderId, counts);
    setSignal(orderId, verdict as PackSignal);
    if (verdict.kind !== 'not-more' && verdict.complete) {
      complete(counts);
      return;
    }
    playPackSound(verdict.kind === 'typed' ? 'counted' : 'refused', station.sounds);
  };

  // The latest onTyped for the held work below (it reads this render's gate and lines).
  const typedNow = useRef(onTyped);
  typedNow.current = onTyped;
  const typed = useTypedQuantity(onTyped, order !== undefined && station.verify);

  useScanInterceptor((code) => {
    // A scan ends any number being typed (its first key may have reached the typing).
    typed.clear();
    if (!order || lines.length === 0) return false;
    const result = applyScan(lines, countsFor(orderId), code, gate.malformedPassed);
    if (result.verdict.kind === 'unknown') return false;
    // An item scanned while the gate still reads the order waits for its decision.
    if (gate.checking) held.current.push({ code });
    else if (!gate.passed) refuseBehindGate();
    else apply(result);
    return true;
  });

  // The gate decided: the held work counts (passed) or is refused (closed).
  useEffect(() => {
    if (gate.checking || held.current.length === 0) return;
    const waiting = held.current;
    held.current = [];
    if (!gate.passed) return refuseBehindGate();
    for (const item of waiting) {
      const counts = countsFor(orderId);
      if ('code' in item) apply(applyScan(lines, counts, item.code, gate.malformedPassed));
      else if ('typed' in item) typedNow.current(item.typed);
      else {
        const line = lines.find((l) => l.key === item.byHand);
        if (line) apply(countUnit(lines, counts, line, true, gate.malformedPassed));
      }
    }
  }, [gate.checking, gate.passed, gate.malformedPassed, lines, orderId, apply, refuseBehindGate]);

  // The router found a product for a code the lines did not know: this order's (an item
  // whose barcode the lines had not learnt yet), or a wrong item.
  useScanOpener('product', ({ hit, code }) => {
    // The pack screen's banner says what came of it: the scan bar does not also say "Opened
    // product …" (nothing was opened).
    useScanStore.getState().set({ kind: 'idle' });
    const line = lines.find((l) => l.productId === Number(hit.id));
    if (order && line) {
      if (!gate.passed) refuseBehindGate();
      else apply(countUnit(lines, countsFor(orderId), line, false, gate.malformedPassed));
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

  const confirmByHand = (line: PackLine) => {
    // A key pressed the moment the order opened (its gate still reading it) waits like a scan.
    if (gate.checking) return void held.current.push({ byHand: line.key });
    if (!gate.passed) return refuseBehindGate();
    apply(countUnit(lines, countsFor(orderId), line, true, gate.malformedPassed));
  };

  const restart = () => {
    usePackStore.getState().reset(orderId);
    lastScanned.current = null;
    finishedBefore.current = false;
    setPrint({ kind: 'idle' });
  };

  useEffect(() => {
    const counts = countsFor(orderId);
    const done = gate.passed && gate.malformedPassed && isComplete(lines, counts, true);
    if (done && !finishedBefore.current) complete(counts);
  }, [gate.passed, gate.malformedPassed, lines, orderId, complete]);

  return { confirmByHand, restart, print, autoPrint, station, typing: typed.pending };
}
