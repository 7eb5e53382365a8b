/**
 * The Shipments filter bar: carrier, status, SLA status and selection reason as menus of
 * checkboxes (the Orders view's MultiSelectFilter), and a search over shipment id, tracking
 * number and recipient that filters as the person types (it is all in memory: no request).
 */
import { X } from 'lucide-react';
import { useId } from 'react';
import {
  EMPTY_SHIPMENT_FILTERS,
  hasFilters,
  REASON_LABELS,
  SELECTION_REASONS,
  SHIPMENT_STATUSES,
  type ShipmentFilters,
  SLA_LABELS,
  SLA_STATUSES,
} from '../../features/shipments/shipment-filters';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { MultiSelectFilter } from '../orders/multi-select-filter';

export interface ShipmentFilterBarProps {
  filters: ShipmentFilters;
  onChange(filters: ShipmentFilters): void;
  /** The carriers present in the list (the spec leaves carrier codes open). */
  carriers: readonly string[];
  search: string;
  onSearch(text: string): void;
}

export function ShipmentFilterBar({
  filters,
  onChange,
  carriers,
  search,
  onSearch,
}: ShipmentFilterBarProps) {
  const searchId = useId();
  return (
    <section aria-label="Filters" className="flex flex-wrap items-end gap-2">
      <search aria-label="Search shipments" className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search
        </label>
        <Input
          id={searchId}
          type="search"
          className="w-72"
          value={search}
          maxLength={200}
          placeholder="Shipment id, tracking number, recipient…"
          onChange={(e) => onSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && search !== '') {
              e.preventDefault();
              onSearch('');
            }
          }}
        />
      </search>
      <MultiSelectFilter
        label="Carrier"
        options={carriers}
        optionLabel={(v) => v}
        value={filters.carrier}
        onChange={(carrier) => onChange({ ...filters, carrier })}
        emptyText="No carriers in the list"
      />
      <MultiSelectFilter
        label="Status"
        options={SHIPMENT_STATUSES}
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status })}
      />
      <MultiSelectFilter
        label="SLA"
        options={SLA_STATUSES}
        optionLabel={(v) => SLA_LABELS[v] ?? v}
        value={filters.sla}
        onChange={(sla) => onChange({ ...filters, sla })}
      />
      <MultiSelectFilter
        label="Selection reason"
        options={SELECTION_REASONS}
        optionLabel={(v) => REASON_LABELS[v] ?? v}
        value={filters.reason}
        onChange={(reason) => onChange({ ...filters, reason })}
      />
      {hasFilters(filters) && (
        <Button
          onClick={() => {
            onSearch('');
            onChange({ ...EMPTY_SHIPMENT_FILTERS });
          }}
        >
          <X aria-hidden className="size-4" /> Clear filters
        </Button>
      )}
    </section>
  );
}
