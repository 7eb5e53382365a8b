/**
 * Every return filter of the API in one bar, as choices wherever the values are known:
 * status, reason, carrier (the spec's carriers by name, and any other seen), channel (the
 * channels in use), country (by name or code: "Germany" and "DE" both find DE), the review
 * mark (local), and search (RMA, order, customer, tracking number, SKU or product name).
 * Placeholders read as examples, never as values. Each applies at once (text on Enter or
 * leaving the field) and the view keeps it in the settings file.
 */
import { useMemo } from 'react';
import {
  activeReturnFilterCount,
  isReturnReason,
  isStatusFilter,
  REASON_LABELS,
  RETURN_REASONS,
  REVIEW_FILTERS,
  REVIEW_LABELS,
  type ReturnViewFilters,
  STATUS_FILTERS,
  STATUS_LABELS,
} from '../../features/returns/return-filters';
import { CARRIER_CODES, carrierName } from '../../features/returns/return-words';
import { Button } from '../../ui/button';
import { countries, countryFromText } from '../../ui/format/countries';
import { useFormatters } from '../../ui/format/use-formatters';
import { TextFilter } from '../../ui/list/text-filter';
import { InlineSelect } from './inline-select';

export const EVERYTHING: ReturnViewFilters = {
  status: '',
  reason: '',
  carrier: '',
  channel: '',
  country: '',
  q: '',
  review: 'any',
};

/** The choices, with the current value kept even when it is not among them. */
function withCurrent(values: readonly string[], current: string): string[] {
  const all = new Set(values.filter((v) => v !== ''));
  if (current !== '') all.add(current);
  return [...all];
}

export function ReturnsFilterBar({
  filters,
  onChange,
  carriers,
  channels,
}: {
  filters: ReturnViewFilters;
  onChange(filters: ReturnViewFilters): void;
  /** Carriers seen in the returns so far (the spec's carriers are always offered). */
  carriers: readonly string[];
  channels: readonly string[];
}) {
  const { locale } = useFormatters();
  const set = <K extends keyof ReturnViewFilters>(key: K, value: ReturnViewFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const count = activeReturnFilterCount(filters);
  const countryList = useMemo(() => countries(locale), [locale]);
  const countryName = (code: string) => countryList.find((c) => c.code === code)?.name ?? code;
  return (
    <section aria-label="Filters" className="flex flex-wrap items-center gap-2">
      <search aria-label="Search returns">
        <TextFilter
          label="Search"
          type="search"
          className="w-52"
          inline
          maxLength={200}
          placeholder="e.g. RMA-2026-000123"
          value={filters.q}
          onCommit={(q) => set('q', q)}
          searchTarget
        />
      </search>
      <InlineSelect
        label="Status"
        className="w-60"
        value={filters.status}
        onChange={(v) => set('status', isStatusFilter(v) ? v : '')}
      >
        <option value="">Any status</option>
        {STATUS_FILTERS.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </InlineSelect>
      <InlineSelect
        label="Reason"
        className="w-48"
        value={filters.reason}
        onChange={(v) => set('reason', isReturnReason(v) ? v : '')}
      >
        <option value="">Any reason</option>
        {RETURN_REASONS.map((r) => (
          <option key={r} value={r}>
            {REASON_LABELS[r]}
          </option>
        ))}
      </InlineSelect>
      <InlineSelect
        label="Carrier"
        className="w-48"
        value={filters.carrier}
        onChange={(v) => set('carrier', v)}
      >
        <option value="">Any carrier</option>
        {withCurrent([...CARRIER_CODES, ...carriers], filters.carrier).map((c) => (
          <option key={c} value={c}>
            {carrierName(c)}
          </option>
        ))}
      </InlineSelect>
      <InlineSelect
        label="Channel"
        className="w-48"
        value={filters.channel}
        onChange={(v) => set('channel', v)}
      >
        <option value="">Any channel</option>
        {withCurrent(channels, filters.channel).map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </InlineSelect>
      <TextFilter
        label="Country"
        className="w-44"
        inline
        maxLength={60}
        placeholder="e.g. Germany or DE"
        value={filters.country}
        display={(code) => (code ? `${countryName(code)} (${code})` : '')}
        suggestions={countryList.map((c) => ({ value: `${c.name} (${c.code})`, label: c.code }))}
        normalise={(text) => countryFromText(text, locale)}
        onCommit={(v) => set('country', v)}
        invalidText={(text) =>
          text.trim() !== '' && countryFromText(text, locale) === ''
            ? `No country is called “${text.trim()}”. Type a name or a two-letter code.`
            : null
        }
      />
      <InlineSelect
        label="Review"
        className="w-48"
        value={filters.review}
        onChange={(v) => set('review', REVIEW_FILTERS.find((r) => r === v) ?? 'any')}
      >
        {REVIEW_FILTERS.map((r) => (
          <option key={r} value={r}>
            {REVIEW_LABELS[r]}
          </option>
        ))}
      </InlineSelect>
      {count > 0 && (
        <Button tone="ghost" onClick={() => onChange({ ...EVERYTHING })}>
          Clear filters ({count})
        </Button>
      )}
    </section>
  );
}
