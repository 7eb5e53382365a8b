/**
 * Every order filter of the API in one bar: search (also fed by the header's search box),
 * channel and excluded channel, payment and fulfillment status (values from the facets
 * endpoint), address status and attention reasons (values from the spec), and the order date
 * range. Each change applies at once and is kept in the settings file by the view.
 */
import type { Api } from '../../../../shared/contract/values';
import {
  ADDRESS_STATUSES,
  ATTENTION_LABELS,
  ATTENTION_REASONS,
  type AttentionReason,
  activeFilterCount,
  dateRangeProblem,
  EMPTY_FILTERS,
  type OrderViewFilters,
} from '../../features/orders/order-filters';
import { errorMessage } from '../../query/bridge-call';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { FilterBar } from '../../ui/list/filter-bar';
import { MultiSelectFilter } from '../../ui/list/multi-select-filter';

export interface OrdersFilterBarProps {
  filters: OrderViewFilters;
  onChange(filters: OrderViewFilters): void;
  facets: Api['OrderFacets'] | undefined;
  facetsError: unknown;
}

/** The filters over the values in use (the facets endpoint), in the bar's order. */
const FACET_FILTERS: readonly {
  key: 'channel' | 'exclude_channel' | 'payment_status' | 'fulfillment_status';
  label: string;
  facet: keyof Api['OrderFacets'];
  /** Show the values as they are (channel names), not humanised (status codes). */
  asIs?: boolean;
}[] = [
  { key: 'channel', label: 'Channel', facet: 'channel', asIs: true },
  { key: 'exclude_channel', label: 'Exclude channel', facet: 'channel', asIs: true },
  { key: 'payment_status', label: 'Payment', facet: 'payment_status' },
  { key: 'fulfillment_status', label: 'Fulfillment', facet: 'fulfillment_status' },
];

/** One end of the order date range; the other end bounds it (`min` or `max`). */
function DateFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | null;
  min?: string | null;
  max?: string | null;
  onChange(value: string | null): void;
}) {
  return (
    <FormField label={label}>
      {(control) => (
        <Input
          {...control}
          type="date"
          className="w-40"
          value={value ?? ''}
          min={min ?? undefined}
          max={max ?? undefined}
          onChange={(e) => onChange(e.target.value || null)}
        />
      )}
    </FormField>
  );
}

/** Every filter of the bar off; the stage tab stays (it is not one of the bar's filters). */
export function clearOrderFilters(filters: OrderViewFilters): OrderViewFilters {
  return { ...EMPTY_FILTERS, stage: filters.stage };
}

export function OrdersFilterBar({ filters, onChange, facets, facetsError }: OrdersFilterBarProps) {
  const set = <K extends keyof OrderViewFilters>(key: K, value: OrderViewFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const facetHint = facetsError
    ? `The values in use could not be read: ${errorMessage(facetsError)}`
    : 'Loading the values in use…';

  return (
    <FilterBar
      count={activeFilterCount(filters)}
      onClear={() => onChange(clearOrderFilters(filters))}
      problem={dateRangeProblem(filters)}
      search={{
        name: 'Search orders',
        value: filters.q,
        onSearch: (q) => set('q', q),
        placeholder: 'Order, customer, tracking, address…',
      }}
    >
      <DateFilter
        label="From"
        value={filters.date_after}
        max={filters.date_before}
        onChange={(v) => set('date_after', v)}
      />
      <DateFilter
        label="To"
        value={filters.date_before}
        min={filters.date_after}
        onChange={(v) => set('date_before', v)}
      />
      {FACET_FILTERS.map(({ key, label, facet, asIs }) => (
        <MultiSelectFilter
          key={key}
          label={label}
          options={facets?.[facet] ?? []}
          optionLabel={asIs ? (v) => v : undefined}
          value={filters[key]}
          onChange={(v) => set(key, v)}
          emptyText={facetHint}
        />
      ))}
      <MultiSelectFilter
        label="Address check"
        options={ADDRESS_STATUSES}
        value={filters.address_status}
        onChange={(v) => set('address_status', v)}
      />
      <MultiSelectFilter
        label="Attention"
        options={ATTENTION_REASONS}
        optionLabel={(v) => ATTENTION_LABELS[v as AttentionReason] ?? v}
        value={filters.attention}
        onChange={(v) => {
          // "Any reason" stands for all three; choosing it replaces the others.
          const next =
            v.includes('any') && !filters.attention.includes('any')
              ? ['any']
              : v.filter((x) => x !== 'any' || v.length === 1);
          set('attention', next as AttentionReason[]);
        }}
      />
    </FilterBar>
  );
}
