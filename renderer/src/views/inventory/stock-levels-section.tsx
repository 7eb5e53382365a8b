/**
 * A product's stock per location: for each location its totals (on hand − committed −
 * reserved = available, with the reorder point and the low/out badges), the bin breakdown
 * with the stock not in a bin on its own row, and the batches soonest expiry first with the
 * days until expiry and the recall state. Each location is a region named by its code, so a
 * screen reader can jump between them.
 */

import type { ReactNode } from 'react';
import { Badge, StockBadges } from '../../features/inventory/stock-badges';
import {
  availableOf,
  batchRecallBadge,
  expiryText,
  expiryTone,
  type ProductStockLocation,
  pointSource,
  sortBatches,
  sortBins,
  stockBadges,
} from '../../features/inventory/stock-facts';
import { withKeys } from '../../features/inventory/unique-keys';
import { useFormatters } from '../../ui/format/use-formatters';
import { columnCount, type HeaderColumns, HeaderRow } from '../../ui/header-row';

const TH = 'px-2 py-1 text-left font-medium';
const THN = 'px-2 py-1 text-right font-medium';
const TD = 'px-2 py-1';
const TDN = 'px-2 py-1 text-right tabular-nums';

const BIN_COLUMNS: HeaderColumns = {
  text: ['Bin', 'Zone'],
  numeric: ['On hand', 'Committed', 'Reserved', 'Available'],
};
const BATCH_COLUMNS: HeaderColumns = {
  text: ['Batch', 'Expires', 'Recall'],
  numeric: ['On hand', 'Committed', 'Available'],
};

/** A breakdown table: its caption, its columns, its rows, and a line when it has none. */
function Breakdown({
  caption,
  columns,
  none,
  children,
}: {
  caption: string;
  columns: HeaderColumns;
  /** Said in place of the rows when there are none (false: there are rows). */
  none: string | false;
  children: ReactNode;
}) {
  return (
    <table className="w-full self-start border-collapse text-sm">
      <caption className="text-left text-sm font-medium">{caption}</caption>
      <thead className="bg-raised">
        <HeaderRow columns={columns} textClass={TH} numericClass={THN} />
      </thead>
      <tbody>
        {none && (
          <tr>
            <td colSpan={columnCount(columns)} className={`${TD} text-muted`}>
              {none}
            </td>
          </tr>
        )}
        {children}
      </tbody>
    </table>
  );
}

export function StockLevelsSection({ levels }: { levels: readonly ProductStockLocation[] }) {
  return (
    <section aria-labelledby="levels-heading" className="flex flex-col gap-gap">
      <h2 id="levels-heading" className="text-base font-semibold">
        Stock per location
      </h2>
      {levels.length === 0 && (
        <p className="text-sm text-muted">This product has no stock at any location.</p>
      )}
      {withKeys(levels, (l) => l.location?.id).map(({ item: level, key }, i) => (
        <LocationLevel key={key} level={level} index={i} />
      ))}
    </section>
  );
}

function LocationLevel({ level, index }: { level: ProductStockLocation; index: number }) {
  const format = useFormatters();
  const headingId = `level-${index}-heading`;
  const available =
    typeof level.available_total === 'number'
      ? level.available_total
      : availableOf({
          on_hand: level.on_hand_total,
          committed: level.committed_total,
          reserved: level.reserved_total,
        });
  const badges = stockBadges({ available, reorder_point: level.reorder_point ?? null });
  const bins = sortBins(level.bin_breakdown ?? []);
  const batches = sortBatches(level.batch_breakdown ?? []);
  const name = [level.location?.code, level.location?.name].filter(Boolean).join(' — ');

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-line bg-surface p-pad"
      data-location-id={level.location?.id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold">
          {name || 'Unknown location'}
        </h3>
        <StockBadges badges={badges} />
      </div>
      <p className="mt-1 text-sm tabular-nums" data-testid="level-sum">
        {format.number(level.on_hand_total)} on hand − {format.number(level.committed_total)}{' '}
        committed − {format.number(level.reserved_total)} reserved ={' '}
        <strong className="text-base">{format.number(available)} available</strong>
        <span className="text-muted">
          {' '}
          · reorder point {format.number(level.reorder_point)}
          {level.reorder_point_source ? ` (${pointSource(level.reorder_point_source)})` : ''}
        </span>
      </p>
      <div className="mt-3 grid gap-pad lg:grid-cols-2">
        <Breakdown
          caption="Bins"
          columns={BIN_COLUMNS}
          none={bins.length === 0 && 'No bin breakdown.'}
        >
          {withKeys(bins, (b) => b.bin?.id).map(({ item: b, key }) => (
            <tr key={key} className="border-t border-line">
              <th scope="row" className={`${TD} text-left font-normal`}>
                {b.bin ? (
                  <span className="font-mono text-xs">{b.bin.code ?? `Bin ${b.bin.id}`}</span>
                ) : (
                  <em>Not in a bin</em>
                )}
              </th>
              <td className={TD}>{b.bin?.zone || '—'}</td>
              <td className={TDN}>{format.number(b.on_hand)}</td>
              <td className={TDN}>{format.number(b.committed)}</td>
              <td className={TDN}>{format.number(b.reserved)}</td>
              <td className={`${TDN} font-semibold`}>{format.number(b.available)}</td>
            </tr>
          ))}
        </Breakdown>
        <Breakdown
          caption="Batches, soonest expiry first"
          columns={BATCH_COLUMNS}
          none={batches.length === 0 && 'No batches held here.'}
        >
          {withKeys(batches, (b) => b.batch?.id).map(({ item: b, key }) => {
            const days = b.batch?.days_until_expiry;
            const tone = expiryTone(days);
            const text = expiryText(days, format.number);
            const recall = batchRecallBadge(b.batch?.recall_state);
            return (
              <tr key={key} className="border-t border-line" data-batch-code={b.batch?.batch_code}>
                <th scope="row" className={`${TD} text-left font-normal`}>
                  <span className="font-mono text-xs">{b.batch?.batch_code || '—'}</span>
                  {b.batch?.produced_at && (
                    <div className="text-xs text-muted">
                      made {format.date(b.batch.produced_at)}
                    </div>
                  )}
                </th>
                <td className={`${TD} whitespace-nowrap`}>
                  {format.date(b.batch?.expires_at)}
                  {text && (
                    <div data-field="days_until_expiry">
                      {tone ? (
                        <Badge tone={tone}>{text}</Badge>
                      ) : (
                        <span className="text-xs text-muted">{text}</span>
                      )}
                    </div>
                  )}
                </td>
                <td className={TD}>
                  {recall ? <StockBadges badges={[recall]} /> : <span>None</span>}
                </td>
                <td className={TDN}>{format.number(b.on_hand)}</td>
                <td className={TDN}>{format.number(b.committed)}</td>
                <td className={`${TDN} font-semibold`}>{format.number(b.available)}</td>
              </tr>
            );
          })}
        </Breakdown>
      </div>
    </section>
  );
}
