/**
 * Every return filter of the API in one bar: status (a status, or open / closed), reason,
 * carrier, channel, country and search (RMA, order, customer, tracking number, SKU or
 * product name). Each applies at once (text on Enter or leaving the field) and the view keeps
 * it in the settings file.
 */
import {
  activeReturnFilterCount,
  cleanCountry,
  REASON_LABELS,
  RETURN_REASONS,
  type ReturnViewFilters,
  STATUS_FILTERS,
  STATUS_LABELS,
} from '../../features/returns/return-filters';
import { ChoiceFilter, FilterBar } from '../../ui/list/filter-bar';
import { TextFilter } from '../../ui/list/text-filter';

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
  return (
    <FilterBar count={activeReturnFilterCount(filters)} onClear={() => onChange({ ...EVERYTHING })}>
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
      <ChoiceFilter
        label="Status"
        value={filters.status}
        choices={STATUS_FILTERS}
        choiceLabel={(s) => STATUS_LABELS[s]}
        anyLabel="Any status"
        onChange={(v) => set('status', v)}
      />
      <ChoiceFilter
        label="Reason"
        className="w-44"
        value={filters.reason}
        choices={RETURN_REASONS}
        choiceLabel={(r) => REASON_LABELS[r]}
        anyLabel="Any reason"
        onChange={(v) => set('reason', v)}
      />
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
    </FilterBar>
  );
}
