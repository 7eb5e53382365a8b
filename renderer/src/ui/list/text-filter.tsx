/**
 * A one-value text filter (carrier, channel, country, search) applied on Enter or when the
 * field is left, never per keystroke: each change is a request against the rate limit.
 * Follows the value when it changes elsewhere (Clear filters, settings read back). Escape
 * clears it. Suggestions come as a datalist: they help, they never limit.
 */
import { useId } from 'react';
import { Input } from '../input';
import { useDraft } from '../use-draft';

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
}: {
  label: string;
  value: string;
  onCommit(value: string): void;
  suggestions?: readonly string[];
  maxLength?: number;
  placeholder?: string;
  className?: string;
  type?: 'text' | 'search';
  normalise?(value: string): string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useDraft(value);
  const commit = (next: string) => {
    const clean = normalise(next);
    if (clean !== value) onCommit(clean);
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        type={type}
        className={className}
        value={text}
        maxLength={maxLength}
        placeholder={placeholder}
        list={suggestions.length > 0 ? listId : undefined}
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
      {suggestions.length > 0 && (
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
    </div>
  );
}
