/**
 * The Shipments filter bar: carrier, status, SLA status and selection reason as menus of
 * checkboxes (MultiSelectFilter), and a search over shipment id, tracking
 * number and recipient that filters as the person types (it is all in memory: no request).
 */

import { carrierName } from '../../features/returns/return-words';
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
import { FilterBar } from '../../ui/list/filter-bar';
import { MultiSelectFilter } from '../../ui/list/multi-select-filter';

export interface ShipmentFilterBarProps {
  filters: ShipmentFilters;
  onChange(filters: ShipmentFilters): void;
  /** The carriers present in the list (the spec leaves carrier codes open). */
  carriers: readonly string[];
  search: string;
  onSearch(text: string): void;
}

/** The filters over the spec's fixed values, in the bar's order (carrier comes before them). */
const CHOICE_FILTERS: readonly {
  key: 'status' | 'sla' | 'reason';
  label: string;
  options: readonly string[];
  /** Names for the values; without them a value reads as itself, humanised. */
  labels?: Readonly<Record<string, string>>;
}[] = [
  { key: 'status', label: 'Status', options: SHIPMENT_STATUSES },
  { key: 'sla', label: 'SLA', options: SLA_STATUSES, labels: SLA_LABELS },
  { key: 'reason', label: 'Selection reason', options: SELECTION_REASONS, labels: REASON_LABELS },
];

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
      search={{
        name: 'Search shipments',
        mode: 'live',
        value: search,
        onSearch,
        placeholder: 'Shipment id, tracking number, recipient…',
      }}
    >
      <MultiSelectFilter
        label="Carrier"
        options={carriers}
        optionLabel={(v) => carrierName(v) ?? v}
        value={filters.carrier}
        onChange={(carrier) => onChange({ ...filters, carrier })}
        emptyText="No carriers in the list"
      />
      {CHOICE_FILTERS.map(({ key, label, options, labels }) => (
        <MultiSelectFilter
          key={key}
          label={label}
          options={options}
          optionLabel={labels && ((v) => labels[v] ?? v)}
          value={filters[key]}
          onChange={(value) => onChange({ ...filters, [key]: value })}
        />
      ))}
    </FilterBar>
  );
}
