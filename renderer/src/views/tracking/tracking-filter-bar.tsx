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

type TextKey = Exclude<keyof TrackingViewFilters, 'status'>;

/** The text filters, in the bar's order; carrier and exception code suggest values seen. */
const TEXT_FILTERS: readonly {
  key: TextKey;
  label: string;
  maxLength: number;
  className?: string;
  normalise?(value: string): string;
  suggest?: 'carriers' | 'exceptionCodes';
}[] = [
  { key: 'carrier', label: 'Carrier', maxLength: 32, suggest: 'carriers' },
  { key: 'exception_code', label: 'Exception code', maxLength: 32, suggest: 'exceptionCodes' },
  {
    key: 'package',
    label: 'Package id',
    className: 'w-28',
    maxLength: 16,
    normalise: cleanPackage,
  },
  {
    key: 'shipment',
    label: 'Shipment id',
    className: 'w-44',
    maxLength: 64,
    normalise: cleanShipment,
  },
];

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
  const suggestions = { carriers, exceptionCodes };
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
      {TEXT_FILTERS.map(({ key, suggest, ...field }) => (
        <TextFilter
          key={key}
          {...field}
          value={filters[key]}
          suggestions={suggest ? suggestions[suggest] : undefined}
          onCommit={(v) => set(key, v)}
        />
      ))}
    </FilterBar>
  );
}
