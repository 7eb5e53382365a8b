/**
 * What an empty list says, once: that nothing matches the filters, with "Clear filters" right
 * there (the pager counts "0 orders" and does not say it again), or, with no filter set, that
 * there is nothing yet.
 */
import { Button } from '../button';

export function EmptyResult({
  noun,
  filterCount,
  onClear,
}: {
  /** Plural, lower case: "orders". */
  noun: string;
  /** Filters set now (0: the list is empty as it is). */
  filterCount: number;
  onClear(): void;
}) {
  return (
    <div
      role="status"
      data-testid="empty-result"
      className="flex flex-wrap items-center gap-2 rounded-md border border-dashed border-line p-pad text-sm"
    >
      {filterCount > 0 ? (
        <>
          <span>No {noun} match these filters.</span>
          <Button onClick={onClear}>Clear filters ({filterCount})</Button>
        </>
      ) : (
        <span>There are no {noun} here yet.</span>
      )}
    </div>
  );
}
