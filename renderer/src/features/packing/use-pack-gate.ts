/**
 * The pack gate of one order on the pack screen: the order read again when the console's copy
 * is older than GATE_FRESH_MS (it may have been cancelled since the scan list read it), the
 * pack log read again, then pack-gate.ts decides. Until the gate passes nothing is counted or
 * printed (use-pack-session.ts asks `passed`). The decision holds for this visit of the
 * screen: the pack's own log record must not turn the gate red under the finished order. A new
 * scan of the same order checks again (`recheck`).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FloorPackOpenView } from '../../../../shared/contract/floor-pack-values';
import type { PackOverride } from '../../../../shared/contract/packing-values';
import type { Api } from '../../../../shared/contract/values';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useLocalQuery } from '../../query/bridge-query';
import { useFormatters } from '../../ui/format/use-formatters';
import { orderLabel } from '../orders/order-facts';
import {
  canOverride,
  freshEnough,
  type GateReason,
  gateReasons,
  type StageInfo,
  stageInfo,
} from './pack-gate';
import { playPackSound } from './pack-sounds';
import { useStationSettings } from './use-station-settings';

export type GateState =
  | { kind: 'checking' }
  | { kind: 'failed'; message: string }
  | { kind: 'blocked'; reasons: GateReason[]; stage: StageInfo; overridable: boolean }
  | { kind: 'passed'; overrides: PackOverride[]; reasons: GateReason[] };

interface Check {
  orderId: number;
  /** When this check began (ms): reads older than GATE_FRESH_MS before it are read again. */
  startedAt: number;
  /** Set once decided: the visit keeps it. */
  passed: { overrides: PackOverride[]; reasons: GateReason[] } | null;
}

export function usePackGate(
  orderId: number,
  order: UseQueryResult<Api['Order'], Error>,
  now: () => number = Date.now,
) {
  const station = useStationSettings();
  const format = useFormatters();
  const log = useLocalQuery('packLogList', { orderIds: [orderId] });
  const client = useBridge();
  const [check, setCheck] = useState<Check>(() => ({ orderId, startedAt: now(), passed: null }));
  const current: Check =
    check.orderId === orderId ? check : { orderId, startedAt: now(), passed: null };
  useEffect(() => {
    if (check.orderId !== orderId) setCheck(current);
  });

  const { refetch: refetchOrder, dataUpdatedAt: orderReadAt } = order;
  const { refetch: refetchLog } = log;
  const startedAt = current.startedAt;
  // Read again what is too old to decide on: the order (a request), the pack log (local).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per check, not per render.
  useEffect(() => {
    // A read already under way is waited for, not cancelled and sent again.
    if (!freshEnough(orderReadAt, startedAt) && !order.isFetching) void refetchOrder();
    if (!log.isFetching) void refetchLog();
  }, [orderId, startedAt]);

  // The floor's claim (issue 29), asked once per check: another station holding the order is
  // a stop of the gate. No floor configured: answered 'none' at once and nothing changes.
  const [claim, setClaim] = useState<{ at: number; view: FloorPackOpenView } | null>(null);
  const hasOrder = order.data !== undefined;
  const orderName = order.data ? orderLabel(order.data) : `#${orderId}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per check, when the order is read.
  useEffect(() => {
    if (!hasOrder) return;
    let live = true;
    const none: FloorPackOpenView = { floor: 'none', holder: null, message: null };
    callBridge(client, 'floorPackOpen', { orderId, orderName }).then(
      (view) => live && setClaim({ at: startedAt, view }),
      // A claim that could not be asked does not stop the packer: the pack log still gates.
      () => live && setClaim({ at: startedAt, view: none }),
    );
    return () => {
      live = false;
    };
  }, [orderId, startedAt, hasOrder]);
  // Leaving the order ends this station's claim on it (a pack has ended it already).
  useEffect(
    () => () => {
      void callBridge(client, 'floorPackRelease', { orderId }).catch(() => undefined);
    },
    [client, orderId],
  );
  const claimNow = claim !== null && claim.at === startedAt ? claim.view : null;
  // The floor did not answer this check: the scan went on with a claim local to this station.
  // Said on the screen in the floor's words, never a stop (the pack log still gates).
  const floorNote = claimNow?.floor === 'local' ? claimNow.message : null;

  const fresh =
    claimNow !== null &&
    order.data !== undefined &&
    !order.isFetching &&
    freshEnough(order.dataUpdatedAt, startedAt) &&
    log.data !== undefined &&
    !log.isFetching &&
    log.dataUpdatedAt >= startedAt;

  const decided = useMemo(() => {
    if (!fresh || !order.data || !log.data) return null;
    const packed = log.data.records.find((r) => r.orderId === orderId) ?? null;
    const clock = new Intl.DateTimeFormat(format.locale, { timeStyle: 'short' });
    const reasons = gateReasons(
      order.data,
      { packed, claimedBy: claimNow?.holder ?? null },
      { unskippable: station.unskippableGates },
      (iso) => format.dateTime(iso),
      (iso) => clock.format(new Date(iso)),
    );
    return { reasons, stage: stageInfo(order.data) };
  }, [fresh, order.data, log.data, orderId, station.unskippableGates, format, claimNow]);

  // An open gate passes at once; a closed one waits for an override.
  useEffect(() => {
    if (!decided || current.passed) return;
    if (decided.reasons.length === 0) {
      setCheck({ ...current, passed: { overrides: [], reasons: [] } });
    }
  });

  const blocked = decided !== null && decided.reasons.length > 0 && current.passed === null;
  // The gate's buzz, once each time it closes.
  useEffect(() => {
    if (blocked) playPackSound('refused', station.sounds);
  }, [blocked, station.sounds]);

  const state: GateState = current.passed
    ? { kind: 'passed', ...current.passed }
    : order.isError && !order.isFetching
      ? { kind: 'failed', message: order.error.message }
      : log.isError && !log.isFetching
        ? { kind: 'failed', message: log.error.message }
        : decided && decided.reasons.length > 0
          ? {
              kind: 'blocked',
              reasons: decided.reasons,
              stage: decided.stage,
              overridable: canOverride(decided.reasons),
            }
          : { kind: 'checking' };

  /** Passes a closed gate on purpose: every reason overridden with the reason picked. */
  const override = useCallback(
    (why: string): boolean => {
      if (state.kind !== 'blocked' || !state.overridable) return false;
      const at = new Date(now()).toISOString();
      // Passing another station's claim is a takeover, logged on the floor with the reason.
      if (state.reasons.some((r) => r.kind === 'claimed')) {
        void callBridge(client, 'floorPackOpen', { orderId, orderName, takeOverReason: why }).catch(
          () => undefined,
        );
      }
      setCheck({
        ...current,
        passed: {
          reasons: state.reasons,
          overrides: state.reasons.map((r) => ({ gate: r.kind, reason: why, at })),
        },
      });
      return true;
    },
    [state, current, now, client, orderId, orderName],
  );

  /** Checks again from fresh reads (a new scan of the same order). */
  const recheck = useCallback(() => {
    setCheck({ orderId, startedAt: now(), passed: null });
  }, [orderId, now]);

  return { state, override, recheck, floorNote };
}
