/**
 * The Orders search (the API's `q`: order number, customer, recipient, tracking number,
 * address, phone or company). Applied on Enter rather than per keystroke: each search is a
 * request against the account's rate limit. Follows the filter when it changes elsewhere (a
 * saved view, the header search).
 */
import { useEffect, useId, useState } from 'react';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';

export function SearchField({ value, onSubmit }: { value: string; onSubmit(q: string): void }) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <search aria-label="Search orders">
      <form
        className="flex items-end gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(text.trim());
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            Search
          </label>
          <Input
            id={id}
            type="search"
            className="w-72"
            value={text}
            maxLength={200}
            placeholder="Order, customer, tracking, address…"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && text !== '') {
                e.preventDefault();
                setText('');
                onSubmit('');
              }
            }}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
    </search>
  );
}
