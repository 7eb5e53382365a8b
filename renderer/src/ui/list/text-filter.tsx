/**
 * A one-value text filter (carrier, channel, country, search) applied on Enter or when the field is left, never
 * per keystroke: each change is a request against the rate limit. Follows the value when it
 * changes elsewhere (Clear filters, settings read back). Escape clears it. Suggestions come
 * as a datalist (the browser's own combobox: it matches what is typed against each
 * suggestion's text and its label, so "Germ" and "DE" both offer "Germany (DE)"). Text that
 * names nothing (`invalidText`) is said under the field and not applied.
 */
import { useId, useState } from 'react';
import { cn } from '../cn';
import { Input } from '../input';
import { useDraft } from '../use-draft';

export interface Suggestion {
  value: string;
  label?: string;
}

export function TextFilter({
  label,
  value,
  onCommit,
  suggestions = [],
  maxLength,
  placeholder,
  className = 'w-36',
  type = 'text',
  normalise = (v) => v.trim(),
  display = (v) => v,
  invalidText,
  searchTarget = false,
  inline = false,
}: {
  label: string;
  value: string;
  onCommit(value: string): void;
  suggestions?: readonly (string | Suggestion)[];
  maxLength?: number;
  placeholder?: string;
  className?: string;
  type?: 'text' | 'search';
  normalise?(value: string): string;
  /** The committed value as the field shows it (a code as "Germany (DE)"). */
  display?(value: string): string;
  /** Why typed text cannot be applied, or null. */
  invalidText?(text: string): string | null;
  /** The view's search box: `/` focuses it. */
  searchTarget?: boolean;
  /** The label inside the box, on the same line (a compact filter bar). */
  inline?: boolean;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const shown = display(value);
  const [text, setText] = useDraft(shown);
  // Like the draft, a problem belongs to the value it was found against: a new value clears it.
  const [found, setFound] = useState<{ of: string; why: string } | null>(null);
  const problem = found !== null && found.of === shown ? found.why : null;
  const commit = (next: string) => {
    const why = invalidText?.(next) ?? null;
    setFound(why ? { of: shown, why } : null);
    if (why) return;
    const clean = normalise(next);
    if (clean !== value) onCommit(clean);
    else setText(shown);
  };
  return (
    <div
      className={cn(
        'relative flex',
        inline
          ? 'h-control items-center rounded-md border border-line bg-surface text-sm focus-within:ring-2 focus-within:ring-accent'
          : 'flex-col gap-1',
        inline && value !== '' && 'border-accent',
        inline && problem && 'border-danger',
      )}
    >
      <label
        htmlFor={id}
        className={inline ? 'shrink-0 pr-1 pl-2.5 text-muted' : 'text-sm font-medium'}
      >
        {label}
      </label>
      <Input
        id={id}
        type={type}
        className={cn(className, inline && 'h-full border-0 bg-transparent pl-1 outline-none')}
        value={text}
        maxLength={maxLength}
        placeholder={placeholder}
        list={suggestions.length > 0 ? listId : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        data-search-target={searchTarget ? 'view' : undefined}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        onBlur={() => commit(text)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit(text);
          } else if (e.key === 'Escape' && text !== '') {
            e.preventDefault();
            setText('');
            commit('');
          }
        }}
      />
      {problem && (
        <p
          id={errorId}
          role="alert"
          className="absolute top-full left-0 z-10 mt-0.5 w-64 rounded bg-surface text-xs text-danger shadow"
        >
          {problem}
        </p>
      )}
      {suggestions.length > 0 && (
        <datalist id={listId}>
          {suggestions.map((s) =>
            typeof s === 'string' ? (
              <option key={s} value={s} />
            ) : (
              <option key={s.value} value={s.value} label={s.label} />
            ),
          )}
        </datalist>
      )}
    </div>
  );
}
