/**
 * Stock by location as a bar chart: per location one bar for the units on hand and one for
 * the SKU count (each scaled to its own largest value, as they are different measures), the
 * numbers beside them and when stock last moved. Each location is a link to its stock (the
 * stock levels view filtered to it), named in full for screen readers.
 *
 * Why plain SVG and no chart library: none is installed, and a dozen horizontal bars need no
 * axes, scales or interaction beyond a link — a library (recharts and the like, 100+ kB with
 * d3 inside) would cost more than it gives. The layout is an HTML list (text stays crisp and
 * wraps like the rest of the console); only the bars are SVG, with the numbers as text.
 */
import { Link } from 'wouter';
import { withKeys } from '../../features/inventory/unique-keys';
import type { ChartRow } from '../../features/locations/location-facts';
import { useFormatters } from '../../ui/format/use-formatters';

const BAR_HEIGHT = 10;

function Bar({ share, className }: { share: number; className: string }) {
  // A location with some stock always shows a sliver, so "little" never reads as "none".
  const width = share > 0 ? Math.max(0.5, share * 100) : 0;
  return (
    <svg
      aria-hidden
      focusable="false"
      className="block h-2.5 w-full"
      viewBox={`0 0 100 ${BAR_HEIGHT}`}
      preserveAspectRatio="none"
    >
      <rect x="0" y="0" width="100" height={BAR_HEIGHT} rx="2" className="fill-raised" />
      <rect x="0" y="0" width={width} height={BAR_HEIGHT} rx="2" className={className} />
    </svg>
  );
}

export function LocationStockChart({ rows }: { rows: readonly ChartRow[] }) {
  const format = useFormatters();
  if (rows.length === 0) {
    return <p className="text-sm text-muted">No stock totals to show.</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <div aria-hidden className="flex gap-4 text-xs text-muted">
        <span className="flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-accent" /> Units on hand
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-ok" /> SKUs in stock
        </span>
      </div>
      <ul aria-label="Units on hand and SKUs per location" className="flex flex-col gap-1">
        {withKeys(rows, (r) => r.locationId).map(({ item: r, key }) => {
          const units = format.number(r.units);
          const skus = format.number(r.skus);
          const moved = r.lastMovementAt ? format.dateTime(r.lastMovementAt) : null;
          // The link's name is its visible text (WCAG 2.5.3, label in name: a person using
          // speech says what they see), with words for a screen reader only around it.
          return (
            <li key={key}>
              <Link
                href={`/inventory/location/${r.locationId}`}
                data-location-id={r.locationId}
                className="grid grid-cols-[minmax(9rem,16rem)_1fr_15rem] items-center gap-x-3 rounded-md px-2 py-1.5 hover:bg-raised focus-visible:outline-2 focus-visible:outline-accent"
              >
                <span className="min-w-0">
                  <span className="block truncate font-mono text-xs">{r.code}</span>{' '}
                  <span className="block truncate text-sm">{r.name}</span>{' '}
                </span>
                <span aria-hidden className="flex flex-col gap-1">
                  <Bar share={r.unitsShare} className="fill-accent" />
                  <Bar share={r.skuShare} className="fill-ok" />
                </span>
                <span className="text-right text-xs tabular-nums">
                  <span className="block">
                    <strong className="text-sm">{units}</strong> units on hand · {skus} SKUs
                  </span>{' '}
                  <span className="block text-muted">
                    {moved ? `last movement ${moved}` : 'no movement yet'}{' '}
                    <span className="sr-only">Show its stock</span>
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
