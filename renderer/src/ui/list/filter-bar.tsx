/**
 * The frame of a list's filter bar and the fields it is made of, so a new list's filters are
 * a few lines: `<FilterBar count={n} onClear={…} search={…}>` (the search box first) around
 * `ChoiceFilter`, `TextFilter`, `MultiSelectFilter` and `CheckFilter`. Every field carries its
 * own label.
 */
import { X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../button';
import { FormField } from '../form-field';
import { Input } from '../input';
import { Select } from '../select';
import { useDraft } from '../use-draft';
import { FilterField } from './labelled-control';

export function FilterBar({
  count,
  onClear,
  children,
  problem,
  below,
  search,
}: {
  /** How many filters are set (shown on Clear); true when some are but they are not counted. */
  count: number | boolean;
  onClear(): void;
  children: ReactNode;
  /** The list's search box, first in the bar; applied on Enter unless its mode says `live`. */
  search?: SearchBoxProps;
  /** What is wrong with the filters as set (dates the wrong way round), said under them. */
  problem?: string | null;
  /** Other lines under the fields (a list of choices that could not be read). */
  below?: ReactNode;
}) {
  const active = count === true || (typeof count === 'number' && count > 0);
  return (
    <section aria-label="Filters" className="flex flex-col gap-gap">
      <div className="flex flex-wrap items-end gap-2">
        {search && <SearchBox {...search} />}
        {children}
        {active && (
          <Button tone="ghost" onClick={onClear}>
            <X aria-hidden className="size-4" />
            {typeof count === 'number' ? `Clear filters (${count})` : 'Clear filters'}
          </Button>
        )}
      </div>
      {below}
      {problem && (
        <p role="status" className="rounded-md bg-warn-soft p-2 text-sm text-warn">
          {problem}
        </p>
      )}
    </section>
  );
}

interface SearchBoxProps {
  /** The landmark's name: "Search orders". */
  name: string;
  value: string;
  onSearch(text: string): void;
  placeholder: string;
  /** Default `submit`. */
  mode?: 'submit' | 'live';
  className?: string;
  /** The view's own search: `/` focuses it rather than the header's. */
  viewSearch?: boolean;
}

/**
 * A search box in its own <search> landmark. `submit`: applied on Enter or the Search button
 * (each search is a request against the rate limit); `live`: applied as the person types (a
 * list held in memory). Escape clears it either way.
 */
export function SearchBox({
  name,
  value,
  onSearch,
  placeholder,
  mode = 'submit',
  className = 'w-72',
  viewSearch = false,
}: SearchBoxProps) {
  const [text, setText] = useDraft(value);
  const field = (
    <FilterField label="Search">
      {(id) => (
        <Input
          id={id}
          type="search"
          className={className}
          value={text}
          maxLength={200}
          placeholder={placeholder}
          data-search-target={viewSearch ? 'view' : undefined}
          onChange={(e) => (mode === 'live' ? onSearch(e.target.value) : setText(e.target.value))}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && text !== '') {
              e.preventDefault();
              setText('');
              onSearch('');
            }
          }}
        />
      )}
    </FilterField>
  );
  return (
    <search aria-label={name}>
      {mode === 'live' ? (
        field
      ) : (
        <form
          className="flex items-end gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            onSearch(text.trim());
          }}
        >
          {field}
          <Button type="submit">Search</Button>
        </form>
      )}
    </search>
  );
}

/** One value from a short list (a native select: keyboard- and screen-reader-friendly). */
export function ChoiceFilter<T extends string>({
  label,
  value,
  choices,
  choiceLabel,
  anyLabel,
  onChange,
  className = 'w-48',
}: {
  label: string;
  value: T | '';
  onChange(value: T | ''): void;
  className?: string;
} & ChoiceOptionsProps<T> & { anyLabel: string }) {
  return (
    <FormField label={label}>
      {(control) => (
        <Select
          {...control}
          className={className}
          value={value}
          onChange={(e) => {
            const picked = choices.find((c) => c === e.target.value);
            onChange(picked ?? '');
          }}
        >
          <ChoiceOptions anyLabel={anyLabel} choices={choices} choiceLabel={choiceLabel} />
        </Select>
      )}
    </FormField>
  );
}

export interface ChoiceOptionsProps<T extends string> {
  choices: readonly T[];
  choiceLabel(choice: T): string | null;
  /** The first option, meaning no filter ("Any status"); none when a value stands for it. */
  anyLabel?: string;
}

/** A select's options: "Any …" first when the filter has it, then each value under its name. */
export function ChoiceOptions<T extends string>({
  choices,
  choiceLabel,
  anyLabel,
}: ChoiceOptionsProps<T>) {
  return (
    <>
      {anyLabel !== undefined && <option value="">{anyLabel}</option>}
      {choices.map((c) => (
        <option key={c} value={c}>
          {choiceLabel(c)}
        </option>
      ))}
    </>
  );
}

/** A yes/no filter ("Low stock"). */
export function CheckFilter({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex items-center gap-1.5 pb-2 text-sm">
      <input
        id={id}
        type="checkbox"
        className="size-4"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}
