/**
 * One location (`/locations/:id`): what it is (code, type, address, storage type, temperature
 * zone, floor area, flags, the storefront's id for it) and the stock it holds (units, SKUs,
 * last movement) with a link to that stock in the stock levels view. Read-only.
 */
import { ArrowLeft, Boxes } from 'lucide-react';
import { Link } from 'wouter';
import {
  addressLine,
  locationTypeLabel,
  storageTypeLabel,
  temperatureLabel,
  totalFor,
} from '../../features/locations/location-facts';
import {
  useLocation as useLocationQuery,
  useLocationStockTotals,
} from '../../features/locations/use-locations-queries';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';
import { DetailList } from '../order-detail/detail-list';
import { ViewPage } from '../view-page';
import { LocationFlags } from './location-flags';

const LINK =
  'inline-flex h-control items-center gap-2 rounded-md border border-line bg-surface px-3 text-sm font-medium hover:bg-raised';

export function LocationDetailView({ id }: { id: number }) {
  const format = useFormatters();
  const query = useLocationQuery(id);
  const totals = useLocationStockTotals();
  const location = query.data;
  const total = totalFor(totals.data?.results, id);
  const title = location ? location.name || location.code || `Location ${id}` : 'Location';
  const geo = location?.geo;
  const geoText =
    geo && typeof geo === 'object' && 'lat' in geo && 'lng' in geo
      ? `${String((geo as { lat: unknown }).lat)}, ${String((geo as { lng: unknown }).lng)}`
      : null;

  return (
    <ViewPage
      title={title}
      actions={
        <div className="flex gap-2">
          <Link href="/locations" className={LINK}>
            <ArrowLeft aria-hidden className="size-4" />
            All locations
          </Link>
          <Link href={`/inventory/location/${id}`} className={LINK}>
            <Boxes aria-hidden className="size-4" />
            Show its stock
          </Link>
        </div>
      }
    >
      {query.isError && (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-md bg-danger-soft p-2 text-sm text-danger"
        >
          <span>This location could not be loaded: {errorMessage(query.error)}</span>
          <Button className="ml-auto" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {query.isPending && <p className="text-sm text-muted">Loading the location…</p>}
      {location && (
        <div className="grid gap-pad lg:grid-cols-2">
          <section
            aria-labelledby="location-heading"
            className="rounded-lg border border-line bg-surface p-pad"
          >
            <h2 id="location-heading" className="mb-3 text-base font-semibold">
              Location
            </h2>
            <DetailList
              entries={[
                { label: 'Code', value: location.code, field: 'code' },
                {
                  label: 'Type',
                  value: locationTypeLabel(location.location_type),
                  field: 'location_type',
                },
                { label: 'Address', value: addressLine(location), field: 'address' },
                { label: 'Coordinates', value: geoText, field: 'geo' },
                {
                  label: 'Storage type',
                  value: storageTypeLabel(location.storage_type),
                  field: 'storage_type',
                },
                {
                  label: 'Temperature zone',
                  value: temperatureLabel(location.temperature_zone),
                  field: 'temperature_zone',
                },
                {
                  label: 'Floor area',
                  value: location.floor_area_m2 ? `${location.floor_area_m2} m²` : null,
                  field: 'floor_area_m2',
                },
                { label: 'Flags', value: <LocationFlags location={location} />, field: 'flags' },
                {
                  label: 'Storefront location',
                  value: location.storefront_location_id,
                  field: 'storefront_location_id',
                },
                {
                  label: 'Created',
                  value: format.dateTime(location.created_at),
                  field: 'created_at',
                },
                {
                  label: 'Updated',
                  value: format.dateTime(location.updated_at),
                  field: 'updated_at',
                },
              ]}
            />
          </section>
          <section
            aria-labelledby="location-stock-heading"
            className="rounded-lg border border-line bg-surface p-pad"
          >
            <h2 id="location-stock-heading" className="mb-3 text-base font-semibold">
              Stock held
            </h2>
            {totals.isError && (
              <p className="text-sm text-danger">
                The stock totals could not be loaded: {errorMessage(totals.error)}
              </p>
            )}
            {totals.isPending && <p className="text-sm text-muted">Loading stock totals…</p>}
            {totals.data && (
              <DetailList
                entries={[
                  {
                    label: 'Units on hand',
                    value: format.number(total?.units_on_hand ?? 0),
                    field: 'units_on_hand',
                  },
                  {
                    label: 'SKUs in stock',
                    value: format.number(total?.sku_count ?? 0),
                    field: 'sku_count',
                  },
                  {
                    label: 'Last movement',
                    value: total?.last_movement_at
                      ? format.dateTime(total.last_movement_at)
                      : 'None yet',
                    field: 'last_movement_at',
                  },
                ]}
              />
            )}
          </section>
        </div>
      )}
    </ViewPage>
  );
}
