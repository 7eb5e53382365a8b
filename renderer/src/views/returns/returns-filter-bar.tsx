/**
 * Every return filter of the API in one bar: status (a status, or open / closed), reason,
 * carrier, channel, country and search (RMA, order, customer, tracking number, SKU or
 * product name). Each applies at once (text on Enter or leaving the field) and the view keeps
 * it in the settings file.
 */
import { Select } from '../../features/printing/select';
import {
  activeReturnFilterCount,
  cleanCountry,
  isReturnReason,
  isStatusFilter,
  REASON_LABELS,
  RETURN_REASONS,
  type ReturnViewFilters,
  STATUS_FILTERS,
  STATUS_LABELS,
} from '../../features/returns/return-filters';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { TextFilter } from './text-filter';

export const EVERYTHING: ReturnViewFilters = {
  status: '',
  reason: '',
  carrier: '',
  channel: '',
  country: '',
  q: '',
};

export function ReturnsFilterBar({
  filters,
  onChange,
  carriers,
  channels,
}: {
  filters: ReturnViewFilters;
  onChange(filters: ReturnViewFilters): void;
  carriers: readonly string[];
  channels: readonly string[];
}) {
  const set = <K extends keyof ReturnViewFilters>(key: K, value: ReturnViewFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const count = activeReturnFilterCount(filters);
  return (
    <section aria-label="Filters" className="flex flex-wrap items-end gap-2">
      <search aria-label="Search returns">
        <TextFilter
          label="Search"
          type="search"
          className="w-64"
          maxLength={200}
          placeholder="RMA, order, customer, tracking, SKU…"
          value={filters.q}
          onCommit={(q) => set('q', q)}
        />
      </search>
      <FormField label="Status">
        {(control) => (
          <Select
            {...control}
            className="w-48"
            value={filters.status}
            onChange={(e) => set('status', isStatusFilter(e.target.value) ? e.target.value : '')}
          >
            <option value="">Any status</option>
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Reason">
        {(control) => (
          <Select
            {...control}
            className="w-44"
            value={filters.reason}
            onChange={(e) => set('reason', isReturnReason(e.target.value) ? e.target.value : '')}
          >
            <option value="">Any reason</option>
            {RETURN_REASONS.map((r) => (
              <option key={r} value={r}>
                {REASON_LABELS[r]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <TextFilter
        label="Carrier"
        maxLength={64}
        value={filters.carrier}
        suggestions={carriers}
        onCommit={(v) => set('carrier', v)}
      />
      <TextFilter
        label="Channel"
        maxLength={80}
        value={filters.channel}
        suggestions={channels}
        onCommit={(v) => set('channel', v)}
      />
      <TextFilter
        label="Country"
        className="w-20"
        maxLength={2}
        placeholder="DE"
        value={filters.country}
        normalise={cleanCountry}
        onCommit={(v) => set('country', v)}
      />
      {count > 0 && (
        <Button tone="ghost" onClick={() => onChange({ ...EVERYTHING })}>
          Clear filters ({count})
        </Button>
      )}
    </section>
  );
}
