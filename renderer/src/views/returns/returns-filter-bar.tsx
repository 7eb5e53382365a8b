/**
 * Every return filter of the API in one bar, as choices wherever the values are known:
 * status, reason, carrier (the spec's carriers by name, and any other seen), channel (the
 * channels in use), country (by name or code: "Germany" and "DE" both find DE), the review
 * mark (local), age ("older than N days", local: the API has no date filter), and search
 * (RMA, order, customer, tracking number, SKU or product name).
 * Placeholders read as examples, never as values. Each applies at once (text on Enter or
 * leaving the field) and the view keeps it in the settings file.
 */
import { useMemo, useState } from 'react';
import { OLDER_THAN_MAX_DAYS } from '../../../../shared/return-age';
import {
  changedReturnFilterCount,
  cleanOlderThan,
  DEFAULT_RETURN_FILTERS,
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
import { carrierName, FILTER_CARRIERS } from '../../features/returns/return-words';
import { Button } from '../../ui/button';
import { countries, countryFromText } from '../../ui/format/countries';
import { useFormatters } from '../../ui/format/use-formatters';
import { TextFilter } from '../../ui/list/text-filter';
import { InlineChoice } from './inline-choice';

/** No filter at all: the worklist's default filters without its status. */
export const EVERYTHING: ReturnViewFilters = { ...DEFAULT_RETURN_FILTERS, status: '' };

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
  const count = changedReturnFilterCount(filters);
  // A country name that names none: said, and the country filter cleared (not left as it was).
  const [unknownCountry, setUnknownCountry] = useState<string | null>(null);
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
      <InlineChoice
        label="Status"
        className="w-60"
        value={filters.status}
        anyLabel="Any status"
        choices={STATUS_FILTERS}
        choiceLabel={(s) => STATUS_LABELS[s]}
        onChange={(v) => set('status', isStatusFilter(v) ? v : '')}
      />
      <InlineChoice
        label="Reason"
        value={filters.reason}
        anyLabel="Any reason"
        choices={RETURN_REASONS}
        choiceLabel={(r) => REASON_LABELS[r]}
        onChange={(v) => set('reason', isReturnReason(v) ? v : '')}
      />
      <InlineChoice
        label="Carrier"
        value={filters.carrier}
        anyLabel="Any carrier"
        choices={withCurrent([...FILTER_CARRIERS, ...carriers], filters.carrier)}
        choiceLabel={carrierName}
        onChange={(v) => set('carrier', v)}
      />
      <InlineChoice
        label="Channel"
        value={filters.channel}
        anyLabel="Any channel"
        choices={withCurrent(channels, filters.channel)}
        choiceLabel={(c) => c}
        onChange={(v) => set('channel', v)}
      />
      <TextFilter
        label="Country"
        className="w-44"
        inline
        maxLength={60}
        placeholder="e.g. Germany or DE"
        value={filters.country}
        display={(code) => (code ? `${countryName(code)} (${code})` : '')}
        suggestions={countryList.map((c) => ({ value: `${c.name} (${c.code})`, label: c.code }))}
        normalise={(text) => {
          const code = countryFromText(text, locale);
          setUnknownCountry(text.trim() !== '' && code === '' ? text.trim() : null);
          return code;
        }}
        onCommit={(v) => set('country', v)}
      />
      {unknownCountry !== null && filters.country === '' ? (
        <p role="alert" className="text-xs text-danger" data-testid="unknown-country">
          No country is called “{unknownCountry}”: no country filter. Type a name or a two-letter
          code.
        </p>
      ) : null}
      <InlineChoice
        label="Review"
        value={filters.review}
        choices={REVIEW_FILTERS}
        choiceLabel={(r) => REVIEW_LABELS[r]}
        onChange={(v) => set('review', REVIEW_FILTERS.find((r) => r === v) ?? 'any')}
      />
      <TextFilter
        label="Older than (days)"
        className="w-28"
        inline
        maxLength={7}
        placeholder="e.g. 14"
        value={filters.olderThanDays > 0 ? String(filters.olderThanDays) : ''}
        invalidText={(text) =>
          text.trim() === '' || cleanOlderThan(text) > 0
            ? null
            : `Type a whole number of days from 1 to ${OLDER_THAN_MAX_DAYS.toLocaleString(locale)}.`
        }
        normalise={(text) => {
          const days = cleanOlderThan(text);
          return days > 0 ? String(days) : '';
        }}
        onCommit={(v) => set('olderThanDays', cleanOlderThan(v))}
      />
      {count > 0 && (
        <Button tone="ghost" onClick={() => onChange({ ...DEFAULT_RETURN_FILTERS })}>
          Clear filters ({count})
        </Button>
      )}
    </section>
  );
}
