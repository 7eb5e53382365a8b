/**
 * One list filter (channel, payment status, …) as a menu of checkboxes over Radix
 * DropdownMenu: arrow keys, type-ahead and Escape come from Radix, and the menu stays open
 * while the person ticks several values. The button says what is chosen, so the bar reads
 * as a sentence of the filters in force.
 */
import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Button } from '../button';
import { cn } from '../cn';
import { MenuContent, MenuItem, MenuLabel, MenuSeparator } from '../dropdown-menu';
import { humanize } from '../format/formatters';

export interface MultiSelectFilterProps {
  label: string;
  /** The values offered (from the facets endpoint or the spec). */
  options: readonly string[];
  /** How a value reads; defaults to humanize ("needs_review" → "Needs review"). */
  optionLabel?(value: string): string;
  value: readonly string[];
  onChange(value: string[]): void;
  /** Shown when there is nothing to choose from (facets still loading or failed). */
  emptyText?: string;
}

export function MultiSelectFilter(props: MultiSelectFilterProps) {
  const { label, value, onChange } = props;
  const show = props.optionLabel ?? ((v: string) => humanize(v) ?? v);
  // Values saved earlier but no longer in use stay listed, so they can be unticked.
  const options = [...props.options, ...value.filter((v) => !props.options.includes(v))];
  const summary =
    value.length === 0
      ? 'Any'
      : value.length <= 2
        ? value.map(show).join(', ')
        : `${value.length} chosen`;
  const toggle = (option: string, checked: boolean) =>
    onChange(checked ? [...value, option] : value.filter((v) => v !== option));

  return (
    // Not modal: a modal menu aria-hides the page while its controls stay focusable (axe:
    // aria-hidden-focus), and a filter menu has no reason to trap the page.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button
          className={cn('max-w-64', value.length > 0 && 'border-accent')}
          aria-label={`${label}: ${summary}`}
        >
          <span className="text-muted">{label}:</span>
          <span className="truncate">{summary}</span>
          <ChevronDown aria-hidden className="size-4 shrink-0" />
        </Button>
      </DropdownMenu.Trigger>
      <MenuContent align="start" aria-label={label} className="max-h-80 overflow-auto">
        <MenuLabel>{label}</MenuLabel>
        {options.length === 0 && (
          <p className="px-2 py-1.5 text-sm text-muted">{props.emptyText ?? 'No values in use.'}</p>
        )}
        {options.map((option) => (
          <DropdownMenu.CheckboxItem
            key={option}
            checked={value.includes(option)}
            onCheckedChange={(checked) => toggle(option, checked === true)}
            // Keep the menu open: several values are usually ticked in one go.
            onSelect={(event) => event.preventDefault()}
            className="relative flex cursor-default items-center rounded py-1.5 pr-2 pl-7 text-sm outline-none select-none data-[highlighted]:bg-accent-soft"
          >
            {/* Decorative: aria-checked says it, and the name stays the value's alone. */}
            <DropdownMenu.ItemIndicator aria-hidden className="absolute left-2">
              ✓
            </DropdownMenu.ItemIndicator>
            {show(option)}
          </DropdownMenu.CheckboxItem>
        ))}
        {value.length > 0 && (
          <>
            <MenuSeparator />
            <MenuItem onSelect={() => onChange([])}>Clear {label.toLowerCase()}</MenuItem>
          </>
        )}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
