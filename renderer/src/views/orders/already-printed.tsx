/**
 * Said in a print dialog when some of the selected orders were printed before (the printed
 * marks of this connection): "12 of 40 already printed". They print again if the person goes
 * on; saying so first keeps a second label from going out by surprise. "Select unprinted"
 * is the way to leave them out.
 */
import { useMemo } from 'react';
import { useLocalQuery } from '../../query/bridge-query';
import { useFormatters } from '../../ui/format/use-formatters';

/** How many of the ids have a mark of `what`. */
export function countPrinted(
  ids: readonly number[],
  marks: readonly { orderId: number; what: string }[],
  what: 'labels' | 'documents',
): number {
  const wanted = new Set(ids);
  const printed = new Set(
    marks.filter((m) => m.what === what && wanted.has(m.orderId)).map((m) => m.orderId),
  );
  return printed.size;
}

export function AlreadyPrinted({
  ids,
  what,
}: {
  ids: readonly number[];
  what: 'labels' | 'documents';
}) {
  const format = useFormatters();
  // The marks endpoint takes up to 20,000 ids at once: a larger selection is not counted.
  const asked = useMemo(() => ids.slice(0, 20_000), [ids]);
  const marks = useLocalQuery(
    'printedMarksList',
    { orderIds: asked },
    { enabled: asked.length > 0 },
  );
  if (!marks.data) return null;
  const printed = countPrinted(asked, marks.data.marks, what);
  if (printed === 0) return null;
  const noun = what === 'labels' ? 'labels' : 'documents';
  return (
    <p
      role="status"
      data-testid="already-printed"
      className="rounded-md border border-warn bg-warn-soft px-2 py-1.5 text-sm text-fg"
    >
      <strong>
        {format.number(printed)} of {format.number(ids.length)} already printed.
      </strong>{' '}
      Their {noun} print again; to leave them out, close this and use “Select unprinted”.
    </p>
  );
}
