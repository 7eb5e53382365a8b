/**
 * The spec's tracking event filters in one bar: normalised status, carrier, exception code,
 * package id and shipment id. Each applies at once (text on Enter or leaving the field) and
 * is kept in the settings file. Suggestions are the values seen this session.
 */
import {
  activeTrackingFilterCount,
  cleanPackage,
  cleanShipment,
  EMPTY_TRACKING_FILTERS,
  TRACKING_STATUS_LABELS,
  TRACKING_STATUSES,
  type TrackingViewFilters,
} from '../../features/tracking/tracking-filters';
import { ChoiceFilter, FilterBar } from '../../ui/list/filter-bar';
import { TextFilter } from '../../ui/list/text-filter';

export function TrackingFilterBar({
  filters,
  onChange,
  carriers,
  exceptionCodes,
}: {
  filters: TrackingViewFilters;
  onChange(filters: TrackingViewFilters): void;
  carriers: readonly string[];
  exceptionCodes: readonly string[];
}) {
  const set = <K extends keyof TrackingViewFilters>(key: K, value: TrackingViewFilters[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <FilterBar
      count={activeTrackingFilterCount(filters)}
      onClear={() => onChange({ ...EMPTY_TRACKING_FILTERS })}
    >
      <ChoiceFilter
        label="Status"
        value={filters.status}
        choices={TRACKING_STATUSES}
        choiceLabel={(s) => TRACKING_STATUS_LABELS[s]}
        anyLabel="Any status"
        onChange={(v) => set('status', v)}
      />
      <TextFilter
        label="Carrier"
        maxLength={32}
        value={filters.carrier}
        suggestions={carriers}
        onCommit={(v) => set('carrier', v)}
      />
      <TextFilter
        label="Exception code"
        maxLength={32}
        value={filters.exception_code}
        suggestions={exceptionCodes}
        onCommit={(v) => set('exception_code', v)}
      />
      <TextFilter
        label="Package id"
        className="w-28"
        maxLength={16}
        value={filters.package}
        normalise={cleanPackage}
        onCommit={(v) => set('package', v)}
      />
      <TextFilter
        label="Shipment id"
        className="w-44"
        maxLength={64}
        value={filters.shipment}
        normalise={cleanShipment}
        onCommit={(v) => set('shipment', v)}
      />
    </FilterBar>
  );
}
