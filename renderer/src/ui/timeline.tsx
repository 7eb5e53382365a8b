/**
 * Events on a line, one dot each, the current one marked: a parcel's tracking (newest first)
 * or a return's history (oldest first). The caller orders the items and says which end is
 * now.
 */
import type { ReactNode } from 'react';
import type { Formatters } from './format/formatters';

export interface TimelineItem {
  key: string | number;
  /** What happened: "Out for delivery". */
  title: ReactNode;
  /** More words after the title: "exception DMG · 40 min at hub". */
  detail?: string | null;
  at: string | null;
  /** After the time: where, or who. */
  aside?: string | null;
}

export function Timeline({
  label,
  items,
  current,
  format,
  testId,
}: {
  label: string;
  items: readonly TimelineItem[];
  /** Which end of the list is the latest. */
  current: 'first' | 'last';
  format: Formatters;
  /** Each item's test id. */
  testId: string;
}) {
  const now = current === 'first' ? 0 : items.length - 1;
  return (
    <ol aria-label={label} className="relative ml-2 border-l border-line pl-4">
      {items.map((item, position) => (
        <li key={item.key} className="relative pb-2 last:pb-0" data-testid={testId}>
          <span
            aria-hidden
            className={`absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full ${
              position === now ? 'bg-accent' : 'bg-line'
            }`}
          />
          <p className="text-sm">
            <span className="font-medium">{item.title}</span>
            {item.detail ? ` — ${item.detail}` : ''}
          </p>
          <p className="text-xs text-muted">
            <time dateTime={item.at ?? undefined}>{format.dateTime(item.at)}</time>
            {item.aside ? ` · ${item.aside}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
