/**
 * The Locations view: the stock chart (units on hand and SKU count per location, each bar a
 * link to that location's stock) and the list of locations with their type, address,
 * storage type, temperature zone, flags and stock totals — the same numbers as the chart, as
 * a table for whoever would rather read them. A name opens the location's detail.
 */
import { Link } from 'wouter';
import { withKeys } from '../../features/inventory/unique-keys';
import {
  addressLine,
  chartRows,
  locationTypeLabel,
  storageTypeLabel,
  temperatureLabel,
  totalFor,
} from '../../features/locations/location-facts';
import {
  useLocationStockTotals,
  useLocations,
} from '../../features/locations/use-locations-queries';
import { useFormatters } from '../../ui/format/use-formatters';
import { type HeaderColumns, HeaderRow } from '../../ui/header-row';
import { ListLoadError } from '../../ui/list/list-load-error';
import { ViewPage } from '../view-page';
import { LocationFlags } from './location-flags';
import { LocationStockChart } from './location-stock-chart';

const TH = 'px-2 py-1.5 text-left font-medium';
const TD = 'px-2 py-1.5';
const COLUMNS: HeaderColumns = {
  text: ['Location', 'Type', 'Address', 'Storage', 'Temperature', 'Flags'],
  numeric: ['Units on hand', 'SKUs'],
};

export function LocationsView() {
  const format = useFormatters();
  const locations = useLocations();
  const totals = useLocationStockTotals();
  const list = locations.data ?? [];
  const totalRows = totals.data?.results ?? [];

  return (
    <ViewPage title="Locations">
      <section
        aria-labelledby="stock-chart-heading"
        className="rounded-lg border border-line bg-surface p-pad"
      >
        <h2 id="stock-chart-heading" className="text-base font-semibold">
          Stock by location
        </h2>
        <p className="mb-2 text-sm text-muted">Choose a location to see its stock.</p>
        {totals.isError && (
          <ListLoadError
            what="The stock totals"
            error={totals.error}
            onRetry={() => void totals.refetch()}
          />
        )}
        {totals.isPending && <p className="text-sm text-muted">Loading stock totals…</p>}
        {totals.data && <LocationStockChart rows={chartRows(totalRows, list)} />}
      </section>
      <section aria-labelledby="locations-heading" className="flex flex-col gap-gap">
        <h2 id="locations-heading" className="text-base font-semibold">
          All locations
        </h2>
        {locations.isError && (
          <ListLoadError
            what="The locations"
            error={locations.error}
            onRetry={() => void locations.refetch()}
          />
        )}
        {locations.isPending && <p className="text-sm text-muted">Loading locations…</p>}
        {locations.data && list.length === 0 && (
          <p className="text-sm text-muted">This account has no locations.</p>
        )}
        {list.length > 0 && (
          <div className="overflow-auto rounded-md border border-line bg-surface">
            <table
              className="w-full border-collapse text-sm"
              aria-labelledby="locations-heading"
              data-testid="locations-table"
            >
              <thead className="bg-raised">
                <HeaderRow columns={COLUMNS} textClass={TH} numericClass={`${TH} text-right`} />
              </thead>
              <tbody>
                {withKeys(list, (l) => l.id).map(({ item: l, key }) => {
                  const total = totalFor(totalRows, l.id);
                  return (
                    <tr key={key} className="border-t border-line" data-location-id={l.id}>
                      <th scope="row" className={`${TD} text-left font-normal`}>
                        <Link
                          href={`/locations/${l.id}`}
                          className="font-medium text-accent underline-offset-2 hover:underline"
                        >
                          {l.name || l.code || `Location ${l.id}`}
                        </Link>
                        <div className="font-mono text-xs text-muted">{l.code}</div>
                      </th>
                      <td className={TD}>{locationTypeLabel(l.location_type) ?? '—'}</td>
                      <td className={TD}>{addressLine(l) ?? '—'}</td>
                      <td className={TD}>{storageTypeLabel(l.storage_type) ?? '—'}</td>
                      <td className={TD}>{temperatureLabel(l.temperature_zone) ?? '—'}</td>
                      <td className={TD}>
                        <LocationFlags location={l} />
                      </td>
                      <td className={`${TD} text-right tabular-nums`}>
                        {format.number(total?.units_on_hand)}
                      </td>
                      <td className={`${TD} text-right tabular-nums`}>
                        {format.number(total?.sku_count)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </ViewPage>
  );
}
