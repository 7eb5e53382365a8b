/**
 * The Shipments filter bar: carrier, status, SLA status and selection reason as menus of
 * checkboxes (MultiSelectFilter), and a search over shipment id, tracking
 * number and recipient that filters as the person types (it is all in memory: no request).
 */
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
import { FilterBar, SearchBox } from '../../ui/list/filter-bar';
import { MultiSelectFilter } from '../../ui/list/multi-select-filter';

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
  return (
    <FilterBar
      count={hasFilters(filters)}
      onClear={() => {
        onSearch('');
        onChange({ ...EMPTY_SHIPMENT_FILTERS });
      }}
    >
      <SearchBox
        name="Search shipments"
        mode="live"
        value={search}
        onSearch={onSearch}
        placeholder="Shipment id, tracking number, recipient…"
      />
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
    </FilterBar>
  );
}
