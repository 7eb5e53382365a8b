/**
 * What a list page says about itself besides its rows (the bridge's CheckedPage): rows the
 * service sent that do not match the API's description, left out and named (their id and
 * what was wrong), and a count the rows contradict, shown as given and flagged. So one bad
 * row is seen, never silently dropped, and never takes the page down with it.
 */
import type { CountContradiction, RejectedRow } from '../../../../shared/contract/values';

/** How many bad rows are named one by one before "and N more". */
const NAMED = 5;

export function PageNotices({
  page,
  noun,
}: {
  /** Any list answer: only a checked page (CheckedPage) has something to say. */
  page: object | undefined;
  /** The rows' noun, singular and plural ("order", "orders"). */
  noun: readonly [string, string];
}) {
  const checked = page as
    | { rejectedRows?: RejectedRow[]; countContradiction?: CountContradiction }
    | undefined;
  const rejected = checked?.rejectedRows ?? [];
  const contradiction = checked?.countContradiction;
  if (rejected.length === 0 && !contradiction) return null;
  const [one, many] = noun;
  return (
    <div
      role="status"
      data-testid="page-notices"
      className="rounded-md bg-warn-soft p-2 text-sm text-warn"
    >
      {rejected.length > 0 && (
        <>
          <p className="font-medium">
            {rejected.length === 1
              ? `1 ${one} on this page could not be read and is left out:`
              : `${rejected.length} ${many} on this page could not be read and are left out:`}
          </p>
          <ul className="list-disc pl-5" data-testid="rejected-rows">
            {rejected.slice(0, NAMED).map((r) => (
              <li key={r.index}>
                {r.id === null
                  ? `Row ${r.index + 1}`
                  : `${one[0]?.toUpperCase()}${one.slice(1)} ${r.id}`}
                : {r.problem}
              </li>
            ))}
            {rejected.length > NAMED && <li>and {rejected.length - NAMED} more</li>}
          </ul>
        </>
      )}
      {contradiction && (
        <p data-testid="count-contradiction">The count cannot be right: {contradiction.message}</p>
      )}
    </div>
  );
}
