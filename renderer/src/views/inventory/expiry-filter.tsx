/**
 * The "expiring within N days" filter: a few usual horizons in a select, and "Other…" for any
 * whole number of days the API takes (0 to 3650), typed and applied on Enter or when the field
 * is left — one request, not one per keystroke. A saved horizon outside the list is offered
 * as it is.
 */
import { useId, useState } from 'react';
import {
  cleanDays,
  EXPIRY_CHOICES,
  MAX_EXPIRY_DAYS,
} from '../../features/inventory/inventory-filters';
import { Input } from '../../ui/input';
import { FilterField, LabelledControl } from '../../ui/list/labelled-control';
import { Select } from '../../ui/select';

const OTHER = 'other';
/** The days field appears because "Other…" was just chosen: it takes the focus then, once. */
const focusWhenShown = (input: HTMLInputElement | null) => input?.focus();

export function ExpiryFilter({
  value,
  onChange,
  allowAny = true,
}: {
  value: number | null;
  onChange(days: number | null): void;
  /** Offer "Any expiry" (no horizon); the exceptions board always has one. */
  allowAny?: boolean;
}) {
  const errorId = useId();
  const [typing, setTyping] = useState(false);
  const [text, setText] = useState('');
  const choices: number[] = [...EXPIRY_CHOICES];
  if (value !== null && !choices.includes(value)) {
    choices.push(value);
    choices.sort((a, b) => a - b);
  }
  const typed = text.trim() === '' ? null : cleanDays(Number(text));
  const invalid = text.trim() !== '' && (typed === null || !/^\d+$/.test(text.trim()));
  const apply = () => {
    if (invalid) return;
    setTyping(false);
    setText('');
    if (typed !== null) onChange(typed);
  };

  return (
    <div className="flex items-end gap-1">
      <FilterField label="Expiring within">
        {(id) => (
          <Select
            id={id}
            className="w-auto"
            value={typing ? OTHER : (value ?? '')}
            onChange={(e) => {
              if (e.target.value === OTHER) {
                setTyping(true);
                return;
              }
              setTyping(false);
              onChange(e.target.value === '' ? null : Number(e.target.value));
            }}
          >
            {allowAny && <option value="">Any expiry</option>}
            {choices.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
            <option value={OTHER}>Other…</option>
          </Select>
        )}
      </FilterField>
      {typing && (
        <form
          className="flex flex-col gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <LabelledControl label="Days" labelClass="text-sm font-medium">
            {(id) => (
              <Input
                ref={focusWhenShown}
                id={id}
                // Text, not type=number: the browser would turn "4x" into "" and hide the mistake.
                inputMode="numeric"
                className="w-24"
                value={text}
                aria-invalid={invalid}
                aria-describedby={invalid ? errorId : undefined}
                onChange={(e) => setText(e.target.value)}
                onBlur={apply}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') {
                    e.preventDefault();
                    setTyping(false);
                    setText('');
                  }
                }}
              />
            )}
          </LabelledControl>
          {invalid && (
            <p id={errorId} className="text-xs font-medium text-danger">
              A whole number from 0 to {MAX_EXPIRY_DAYS}.
            </p>
          )}
        </form>
      )}
    </div>
  );
}
