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
import { FilterBar, SearchBox } from '../../ui/list/filter-bar';
import { MultiSelectFilter } from '../../ui/list/multi-select-filter';

export interface OrdersFilterBarProps {
  filters: OrderViewFilters;
  onChange(filters: OrderViewFilters): void;
  facets: Api['OrderFacets'] | undefined;
  facetsError: unknown;
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
    >
      <SearchBox
        name="Search orders"
        mode="submit"
        value={filters.q}
        onSearch={(q) => set('q', q)}
        placeholder="Order, customer, tracking, address…"
      />
      <FormField label="From">
        {(control) => (
          <Input
            {...control}
            type="date"
            className="w-40"
            value={filters.date_after ?? ''}
            max={filters.date_before ?? undefined}
            onChange={(e) => set('date_after', e.target.value || null)}
          />
        )}
      </FormField>
      <FormField label="To">
        {(control) => (
          <Input
            {...control}
            type="date"
            className="w-40"
            value={filters.date_before ?? ''}
            min={filters.date_after ?? undefined}
            onChange={(e) => set('date_before', e.target.value || null)}
          />
        )}
      </FormField>
      <MultiSelectFilter
        label="Channel"
        options={facets?.channel ?? []}
        optionLabel={(v) => v}
        value={filters.channel}
        onChange={(v) => set('channel', v)}
        emptyText={facetHint}
      />
      <MultiSelectFilter
        label="Exclude channel"
        options={facets?.channel ?? []}
        optionLabel={(v) => v}
        value={filters.exclude_channel}
        onChange={(v) => set('exclude_channel', v)}
        emptyText={facetHint}
      />
      <MultiSelectFilter
        label="Payment"
        options={facets?.payment_status ?? []}
        value={filters.payment_status}
        onChange={(v) => set('payment_status', v)}
        emptyText={facetHint}
      />
      <MultiSelectFilter
        label="Fulfillment"
        options={facets?.fulfillment_status ?? []}
        value={filters.fulfillment_status}
        onChange={(v) => set('fulfillment_status', v)}
        emptyText={facetHint}
      />
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
