/**
 * The pack screen (`/pack/:id`), where an order scan lands: at the top, large, the order's
 * name, where it goes and how; a calm amber line when the floor did not answer and the scan
 * went on with a local claim (not a stop); the pack gate when the order must not be packed
 * (pack-gate-panel.tsx; Ctrl+Enter overrides); notes for packing; one line per item with its
 * quantity, picture and bins; what the last scan did. Items are verified by scanning them
 * (use-pack-session.ts); the full order detail is one key away (d). Built for a scanner and
 * a keyboard: no mouse needed.
 */
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { orderLabel } from '../../features/orders/order-facts';
import {
  countOf,
  isComplete,
  linesOf,
  remaining,
  withProducts,
} from '../../features/packing/pack-model';
import { playPackSound } from '../../features/packing/pack-sounds';
import { useCounts, usePackStore } from '../../features/packing/pack-store';
import { usePackGate } from '../../features/packing/use-pack-gate';
import { usePackProducts } from '../../features/packing/use-pack-products';
import { type SessionGate, usePackSession } from '../../features/packing/use-pack-session';
import { useStationSettings } from '../../features/packing/use-station-settings';
import { carrierName } from '../../features/returns/return-words';
import { useScanOpener } from '../../features/scan/scan-openers';
import { useBridgeQuery } from '../../query/bridge-query';
import { Button } from '../../ui/button';
import { countries } from '../../ui/format/countries';
import { serviceWords } from '../../ui/format/service-words';
import { useFormatters } from '../../ui/format/use-formatters';
import { Kbd } from '../../ui/kbd';
import { useShortcuts } from '../../ui/shortcuts/use-shortcuts';
import { BackLink, LoadProblem } from '../detail-frame';
import { ViewPage } from '../view-page';
import { PackGatePanel } from './pack-gate-panel';
import { PackLineRow } from './pack-line-row';
import { isCompact, PackLines } from './pack-lines';
import { PackNotes } from './pack-notes';
import { PackSignalBanner } from './pack-signal';

export function PackView({ id }: { id: number }) {
  const order = useBridgeQuery('ordersGet', { id });
  const format = useFormatters();
  const [, navigate] = useLocation();
  const baseLines = useMemo(() => linesOf(order.data?.items), [order.data?.items]);
  const station = useStationSettings();
  const products = usePackProducts(baseLines, station.locationId);
  const lines = useMemo(() => withProducts(baseLines, products.info), [baseLines, products.info]);
  const gate = usePackGate(id, order);
  const [choosing, setChoosing] = useState(false);
  const passed = gate.state.kind === 'passed' ? gate.state : null;
  const sessionGate: SessionGate = {
    checking: gate.state.kind === 'checking',
    passed: passed !== null,
    overrides: passed?.overrides ?? [],
    noLabel: passed?.reasons.some((r) => r.kind === 'no_label') ?? false,
    malformedPassed: passed?.reasons.some((r) => r.kind === 'quantity') ?? false,
  };
  const work = usePackSession(
    order.data,
    order.data ? orderLabel(order.data) : `#${id}`,
    lines,
    sessionGate,
  );
  const override = (why: string) => {
    const repack =
      gate.state.kind === 'blocked' && gate.state.reasons.some((r) => r.kind === 'packed');
    if (!gate.override(why)) return;
    setChoosing(false);
    // A repack starts from nothing counted.
    if (repack) work.restart();
  };
  // A scan of this same order checks its gate again (it may have been packed meanwhile).
  useScanOpener('order', ({ hit, navigate: go }) => {
    if (Number(hit.id) === id) gate.recheck();
    else go(`/pack/${hit.id}`);
  });
  const counts = useCounts(id);
  const signal = usePackStore((s) => (s.signal?.orderId === id ? s.signal.signal : null));
  const [active, setActive] = useState(0);
  const left = remaining(lines, counts);

  useShortcuts([
    {
      id: 'pack.next',
      keys: ['j'],
      label: 'Next line',
      group: 'Pack',
      run: () => setActive((a) => Math.min(lines.length - 1, a + 1)),
      immediate: true,
    },
    {
      id: 'pack.prev',
      keys: ['k'],
      label: 'Previous line',
      group: 'Pack',
      run: () => setActive((a) => Math.max(0, a - 1)),
      immediate: true,
    },
    {
      id: 'pack.confirm',
      keys: ['c'],
      label: 'Confirm one unit of the line by hand',
      group: 'Pack',
      run: () => {
        const line = lines[active];
        if (line) work.confirmByHand(line);
      },
    },
    {
      id: 'pack.detail',
      keys: ['d'],
      label: 'Open the full order',
      group: 'Pack',
      run: () => navigate(`/orders/${id}`),
    },
    {
      id: 'pack.override',
      keys: ['Control+Enter'],
      label: 'Override the stop (pick a reason)',
      group: 'Pack',
      run: () => {
        if (gate.state.kind !== 'blocked') return;
        if (gate.state.overridable) setChoosing(true);
        else playPackSound('refused', station.sounds);
      },
    },
    {
      id: 'pack.restart',
      keys: ['Shift+R'],
      label: 'Start this order again',
      group: 'Pack',
      run: work.restart,
    },
  ]);

  const back = <BackLink href="/pack" label="Packed today" />;
  if (!order.isSuccess) {
    return (
      <ViewPage title={`Pack #${id}`}>
        {back}
        <LoadProblem noun="order" id={id} query={order} loading="Loading the order…" />
      </ViewPage>
    );
  }
  const o = order.data;
  const name = orderLabel(o);
  const country = countries(format.locale).find((c) => c.code === o.country)?.name ?? o.country;
  const shipment = o.shipments.find((s) => s.status !== 'voided') ?? o.shipments[0];
  const how = [carrierName(shipment?.carrier), serviceWords(shipment?.service)]
    .filter(Boolean)
    .join(' · ');
  const total = lines.reduce((sum, l) => sum + l.qty, 0);
  const verified = total - left;
  return (
    <ViewPage
      title={`Pack ${name}`}
      actions={
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <span>
            <Kbd>c</Kbd> by hand
          </span>
          <span title="After scanning an item, type how many are in the box and press Enter">
            number + <Kbd>Enter</Kbd> many at once
          </span>
          <span>
            <Kbd>d</Kbd> full order
          </span>
          <Button onClick={() => navigate(`/orders/${id}`)}>Full order</Button>
        </div>
      }
    >
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1" data-testid="pack-head">
        {back}
        <span className="text-2xl font-semibold">{o.recipient_name}</span>
        <span className="text-2xl">
          {country} <span className="text-base text-muted">({o.country})</span>
        </span>
        <span className="text-xl">{how || 'No carrier chosen yet'}</span>
        <span className="ml-auto text-xl tabular-nums" data-testid="pack-progress">
          {verified} of {total} verified
        </span>
      </div>
      {gate.floorNote && (
        <p
          role="status"
          data-testid="pack-floor-note"
          className="rounded-md bg-warn-soft p-2 text-sm text-warn"
        >
          {gate.floorNote}
        </p>
      )}
      <PackGatePanel
        gate={gate.state}
        choosing={choosing}
        onChoosing={setChoosing}
        onOverride={override}
        onRetry={gate.recheck}
      />
      {passed && passed.overrides.length > 0 && (
        <p className="text-base font-semibold" data-testid="pack-overridden">
          Stop overridden: {passed.reasons.map((r) => r.title).join('; ')} — “
          {passed.overrides[0]?.reason}”. It is in the pack log.
        </p>
      )}
      <PackNotes order={o} />
      {(passed || signal?.kind === 'gated') && (
        <PackSignalBanner
          signal={signal}
          print={work.print}
          remaining={left}
          noLabel={sessionGate.noLabel}
          typing={work.typing}
        />
      )}
      {lines.length === 0 ? (
        <p role="alert">This order has no items to pack.</p>
      ) : (
        <PackLines count={lines.length} active={active} compact={isCompact(lines.length)}>
          {lines.map((line, i) => (
            <PackLineRow
              key={line.key}
              line={line}
              count={countOf(counts, line.key)}
              info={products.info.get(line.key)}
              problem={products.problems.find((p) => p.key === line.key)?.message}
              active={i === active}
              compact={isCompact(lines.length)}
              onConfirm={() => {
                setActive(i);
                work.confirmByHand(line);
              }}
            />
          ))}
        </PackLines>
      )}
      <p className="text-sm text-muted">
        Bins at {products.location?.name ?? 'the default location'}.{' '}
        {isComplete(lines, counts, sessionGate.malformedPassed)
          ? 'Done: scan the next order.'
          : 'Scan an item’s barcode or SKU; a wrong item or one too many is refused.'}
      </p>
    </ViewPage>
  );
}
