/**
 * Every stock filter of the API in one bar: search (SKU, GTIN, name or brand; applied on
 * Enter, as each search is a request against the rate limit), location (the account's
 * locations), expiring within N days, low stock and out of stock. Each change applies at once
 * and is kept in the settings file by the view.
 */
import { useEffect, useId, useState } from 'react';
import type { Api } from '../../../../shared/contract/values';
import {
  activeInventoryFilterCount,
  EMPTY_INVENTORY_FILTERS,
  type InventoryViewFilters,
  inventoryFilterProblem,
} from '../../features/inventory/inventory-filters';
import { withKeys } from '../../features/inventory/unique-keys';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { ExpiryFilter } from './expiry-filter';

export interface InventoryFilterBarProps {
  filters: InventoryViewFilters;
  onChange(filters: InventoryViewFilters): void;
  locations: readonly Api['Location'][] | undefined;
  locationsError: unknown;
}

const SELECT = 'h-control rounded-md border border-line bg-surface px-2 text-sm';

export function InventoryFilterBar({
  filters,
  onChange,
  locations,
  locationsError,
}: InventoryFilterBarProps) {
  const set = <K extends keyof InventoryViewFilters>(key: K, value: InventoryViewFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const ids = { q: useId(), location: useId(), low: useId(), out: useId() };
  const [text, setText] = useState(filters.q);
  useEffect(() => setText(filters.q), [filters.q]);
  const count = activeInventoryFilterCount(filters);
  const problem = inventoryFilterProblem(filters);
  // A saved location the list does not (yet) hold stays selectable, named by its id.
  const knownLocation = locations?.some((l) => l.id === filters.location) ?? false;

  return (
    <section aria-label="Filters" className="flex flex-col gap-gap">
      <div className="flex flex-wrap items-end gap-2">
        <search aria-label="Search stock">
          <form
            className="flex items-end gap-1"
            onSubmit={(e) => {
              e.preventDefault();
              set('q', text.trim());
            }}
          >
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.q} className="text-sm font-medium">
                Search
              </label>
              <Input
                id={ids.q}
                type="search"
                className="w-64"
                value={text}
                maxLength={200}
                placeholder="SKU, GTIN, name or brand"
                onChange={(e) => setText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape' && text !== '') {
                    e.preventDefault();
                    setText('');
                    set('q', '');
                  }
                }}
              />
            </div>
            <Button type="submit">Search</Button>
          </form>
        </search>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.location} className="text-sm font-medium">
            Location
          </label>
          <select
            id={ids.location}
            className={SELECT}
            value={filters.location ?? ''}
            onChange={(e) => set('location', e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">All locations</option>
            {withKeys(locations ?? [], (l) => l.id).map(({ item: l, key }) => (
              <option key={key} value={l.id}>
                {l.code} — {l.name}
              </option>
            ))}
            {filters.location !== null && !knownLocation && (
              <option value={filters.location}>Location {filters.location}</option>
            )}
          </select>
        </div>
        <ExpiryFilter
          value={filters.expiringWithinDays}
          onChange={(days) => set('expiringWithinDays', days)}
        />
        <div className="flex items-center gap-4 pb-2">
          <label htmlFor={ids.low} className="flex items-center gap-1.5 text-sm">
            <input
              id={ids.low}
              type="checkbox"
              className="size-4"
              checked={filters.lowStock}
              onChange={(e) => set('lowStock', e.target.checked)}
            />
            Low stock
          </label>
          <label htmlFor={ids.out} className="flex items-center gap-1.5 text-sm">
            <input
              id={ids.out}
              type="checkbox"
              className="size-4"
              checked={filters.outOfStock}
              onChange={(e) => set('outOfStock', e.target.checked)}
            />
            Out of stock
          </label>
        </div>
        {count > 0 && (
          <Button tone="ghost" onClick={() => onChange({ ...EMPTY_INVENTORY_FILTERS })}>
            Clear filters ({count})
          </Button>
        )}
      </div>
      {locationsError ? (
        <p className="text-xs text-muted">
          The locations could not be read: {errorMessage(locationsError)}
        </p>
      ) : null}
      {problem && (
        <p role="status" className="rounded-md bg-warn-soft p-2 text-sm text-warn">
          {problem}
        </p>
      )}
    </section>
  );
}
