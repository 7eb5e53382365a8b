/**
 * The header's order search ("/" focuses it). Enter takes the query to the Orders view, which
 * answers it; views with a search box of their own take "/" instead.
 */
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { useOrderSearchStore } from '../features/orders/order-search-store';

export function HeaderSearch() {
  const id = useId();
  const [, navigate] = useLocation();
  const setOrderSearch = useOrderSearchStore((s) => s.setSearch);
  const [text, setText] = useState('');
  return (
    <search className="relative w-72 max-w-full">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setOrderSearch(text.trim());
          navigate('/orders');
        }}
      >
        <label htmlFor={id} className="sr-only">
          Find an order
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2 size-4 -translate-y-1/2 text-muted"
        />
        <input
          id={id}
          type="search"
          data-search-target="global"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') (e.target as HTMLInputElement).blur();
          }}
          placeholder="Find an order  ( / )"
          className="h-control w-full rounded-md border border-line bg-canvas pr-2 pl-8 text-sm"
        />
      </form>
    </search>
  );
}
