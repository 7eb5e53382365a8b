/**
 * Every return filter of the API in one bar, as choices wherever the values are known:
 * status, reason, carrier (the spec's carriers by name, and any other seen), channel (the
 * channels in use), country (by name or code: "Germany" and "DE" both find DE), the review
 * mark (local), and search (RMA, order, customer, tracking number, SKU or product name).
 * Placeholders read as examples, never as values. Each applies at once (text on Enter or
 * leaving the field) and the view keeps it in the settings file.
 */
import { useMemo } from 'react';
import { Select } from '../../features/printing/select';
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
import { FormField } from '../../ui/form-field';
import { countries, countryFromText } from '../../ui/format/countries';
import { useFormatters } from '../../ui/format/use-formatters';
import { TextFilter } from './text-filter';

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
    <section aria-label="Filters" className="flex flex-wrap items-end gap-2">
      <search aria-label="Search returns">
        <TextFilter
          label="Search"
          type="search"
          className="w-72"
          maxLength={200}
          placeholder="e.g. RMA-2026-000123 or #10837"
          value={filters.q}
          onCommit={(q) => set('q', q)}
          searchTarget
        />
      </search>
      <FormField label="Status">
        {(control) => (
          <Select
            {...control}
            className="w-44"
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
            className="w-40"
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
      <FormField label="Carrier">
        {(control) => (
          <Select
            {...control}
            className="w-40"
            value={filters.carrier}
            onChange={(e) => set('carrier', e.target.value)}
          >
            <option value="">Any carrier</option>
            {withCurrent([...CARRIER_CODES, ...carriers], filters.carrier).map((c) => (
              <option key={c} value={c}>
                {carrierName(c)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Channel">
        {(control) => (
          <Select
            {...control}
            className="w-36"
            value={filters.channel}
            onChange={(e) => set('channel', e.target.value)}
          >
            <option value="">Any channel</option>
            {withCurrent(channels, filters.channel).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <TextFilter
        label="Country"
        className="w-44"
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
      <FormField label="Review">
        {(control) => (
          <Select
            {...control}
            className="w-40"
            value={filters.review}
            onChange={(e) =>
              set('review', REVIEW_FILTERS.find((r) => r === e.target.value) ?? 'any')
            }
          >
            {REVIEW_FILTERS.map((r) => (
              <option key={r} value={r}>
                {REVIEW_LABELS[r]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {count > 0 && (
        <Button tone="ghost" onClick={() => onChange({ ...EVERYTHING })}>
          Clear filters ({count})
        </Button>
      )}
    </section>
  );
}
