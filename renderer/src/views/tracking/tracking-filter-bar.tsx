/**
 * The spec's tracking event filters in one bar: normalised status, carrier, exception code,
 * package id and shipment id. Each applies at once (text on Enter or leaving the field) and
 * is kept in the settings file. Suggestions are the values seen this session.
 */
import { Select } from '../../features/printing/select';
import {
  activeTrackingFilterCount,
  cleanPackage,
  cleanShipment,
  EMPTY_TRACKING_FILTERS,
  isTrackingStatus,
  TRACKING_STATUS_LABELS,
  TRACKING_STATUSES,
  type TrackingViewFilters,
} from '../../features/tracking/tracking-filters';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { TextFilter } from '../returns/text-filter';

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
  const count = activeTrackingFilterCount(filters);
  return (
    <section aria-label="Filters" className="flex flex-wrap items-end gap-2">
      <FormField label="Status">
        {(control) => (
          <Select
            {...control}
            className="w-48"
            value={filters.status}
            onChange={(e) => set('status', isTrackingStatus(e.target.value) ? e.target.value : '')}
          >
            <option value="">Any status</option>
            {TRACKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {TRACKING_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
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
      {count > 0 && (
        <Button tone="ghost" onClick={() => onChange({ ...EMPTY_TRACKING_FILTERS })}>
          Clear filters ({count})
        </Button>
      )}
    </section>
  );
}
