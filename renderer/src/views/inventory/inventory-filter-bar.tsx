/**
 * Every stock filter of the API in one bar: search (SKU, GTIN, name or brand; applied on
 * Enter, as each search is a request against the rate limit), location (the account's
 * locations), expiring within N days, low stock and out of stock. Each change applies at once
 * and is kept in the settings file by the view.
 */
import type { Api } from '../../../../shared/contract/values';
import {
  activeInventoryFilterCount,
  EMPTY_INVENTORY_FILTERS,
  type InventoryViewFilters,
  inventoryFilterProblem,
} from '../../features/inventory/inventory-filters';
import { errorMessage } from '../../query/bridge-call';
import { CheckFilter, FilterBar } from '../../ui/list/filter-bar';
import { ExpiryFilter } from './expiry-filter';
import { LocationSelect } from './location-choice';

export interface InventoryFilterBarProps {
  filters: InventoryViewFilters;
  onChange(filters: InventoryViewFilters): void;
  locations: readonly Api['Location'][] | undefined;
  locationsError: unknown;
}

export function InventoryFilterBar({
  filters,
  onChange,
  locations,
  locationsError,
}: InventoryFilterBarProps) {
  const set = <K extends keyof InventoryViewFilters>(key: K, value: InventoryViewFilters[K]) =>
    onChange({ ...filters, [key]: value });

  return (
    <FilterBar
      count={activeInventoryFilterCount(filters)}
      onClear={() => onChange({ ...EMPTY_INVENTORY_FILTERS })}
      problem={inventoryFilterProblem(filters)}
      search={{
        name: 'Search stock',
        viewSearch: true,
        className: 'w-64',
        value: filters.q,
        onSearch: (q) => set('q', q),
        placeholder: 'SKU, GTIN, name or brand',
      }}
      below={
        locationsError ? (
          <p className="text-xs text-muted">
            The locations could not be read: {errorMessage(locationsError)}
          </p>
        ) : null
      }
    >
      <LocationSelect
        className="w-auto"
        value={filters.location}
        locations={locations}
        onChange={(location) => set('location', location)}
      />
      <ExpiryFilter
        value={filters.expiringWithinDays}
        onChange={(days) => set('expiringWithinDays', days)}
      />
      <CheckFilter
        label="Low stock"
        checked={filters.lowStock}
        onChange={(v) => set('lowStock', v)}
      />
      <CheckFilter
        label="Out of stock"
        checked={filters.outOfStock}
        onChange={(v) => set('outOfStock', v)}
      />
    </FilterBar>
  );
}
