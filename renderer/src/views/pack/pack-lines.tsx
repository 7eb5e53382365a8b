/**
 * The pack screen's list of lines, built to fit a 1280x720 station: past COMPACT_FROM lines
 * the rows are compact (pack-line-row.tsx), so an order of up to 8 lines shows whole without
 * scrolling. A longer order says how many lines are out of sight below ("3 more lines
 * below"), and the next line to verify is scrolled into view as lines are done, so the cue
 * moves with the verification and the packer never scrolls by hand.
 */
import { ChevronDown } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '../../ui/cn';

/** Up to this many lines keep the full rows (pictures, two lines of text). */
export const COMPACT_FROM = 5;

export function isCompact(lineCount: number): boolean {
  return lineCount >= COMPACT_FROM;
}

/** How many rows are not wholly in sight below the page's bottom edge. */
function useRowsBelow(list: React.RefObject<HTMLUListElement | null>, count: number): number {
  const [below, setBelow] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows are observed anew when their number changes.
  useEffect(() => {
    const ul = list.current;
    if (!ul || typeof IntersectionObserver === 'undefined') return;
    const rows = Array.from(ul.children);
    // Any row crossing a threshold recounts them all: rows only move together (a scroll, a
    // banner growing), so one callback sees the whole new picture. Viewport-rooted, so a row
    // clipped by the scrolling main pane counts as out of sight too.
    const observer = new IntersectionObserver(
      () => {
        const past = (bottom: number) =>
          rows.filter((row) => row.getBoundingClientRect().bottom > bottom + 1).length;
        // When some row is cut off, the cue shows, and a row behind it (the cue is about
        // 36 px high) is out of sight too.
        setBelow(past(window.innerHeight) > 0 ? past(window.innerHeight - 36) : 0);
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    for (const row of rows) observer.observe(row);
    return () => observer.disconnect();
  }, [list, count]);
  return below;
}

export function PackLines({
  count,
  active,
  compact,
  children,
}: {
  /** How many rows (one per line). */
  count: number;
  /** The line the keyboard is on (j/k). */
  active: number;
  compact: boolean;
  children: ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  const below = useRowsBelow(list, count);

  // The line the packer works on next stays in sight: as a line is done the next one scrolls
  // up into view ("nearest": nothing moves while it is already visible). Read from the rows
  // (a done row is marked data-done), after every render: a count changes it.
  const next = useRef<Element | null>(null);
  useEffect(() => {
    const row = list.current?.querySelector(':scope > li:not([data-done])') ?? null;
    if (row === next.current) return;
    next.current = row;
    row?.scrollIntoView?.({ block: 'nearest' });
  });
  useEffect(() => {
    const row = list.current?.children[active] as HTMLElement | undefined;
    row?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  return (
    <div className="relative">
      <ul
        ref={list}
        aria-label="Items to pack"
        data-compact={compact || undefined}
        // Each row scrolls to clear the cue (scroll-margin), not to end behind it. `[&>li]:`,
        // not `*:`: a selector ending in `*` is tried on every element the app styles (the
        // shipments grid's scroll: 175 elements a frame, issue 34), one ending in `li` only on
        // list items.
        className={cn('flex flex-col [&>li]:scroll-mb-12', compact ? 'gap-1' : 'gap-2')}
      >
        {children}
      </ul>
      {below > 0 && (
        <p
          // Sticky at the bottom of the pane: it stays on screen while the rows it counts do not.
          className="sticky bottom-0 mt-1 flex items-center justify-center gap-1 rounded-md border border-accent bg-accent-soft py-1 text-base font-semibold"
          data-testid="pack-more-below"
          aria-live="polite"
        >
          <ChevronDown aria-hidden className="size-5" />
          {below} more {below === 1 ? 'line' : 'lines'} below
        </p>
      )}
    </div>
  );
}
