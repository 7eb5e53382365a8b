/**
 * After a create whose answer was lost (`outcome_unknown`) the order may exist already. This
 * says so, and searches for it by its name, external id or recipient, so the person can open
 * it instead of creating it twice.
 */
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { Api } from '../../../../shared/contract/values';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { Button } from '../../ui/button';

export function PossibleDuplicate({
  query,
  onSearched,
}: {
  /** What to search for: the order name, else the external id, else the recipient. */
  query: string;
  /** Told how many orders the search found (0: creating again is safe). */
  onSearched(found: number): void;
}) {
  const client = useBridge();
  const search = useMutation({
    mutationFn: () => callBridge(client, 'ordersList', { filters: { q: query }, pageSize: 20 }),
    onSuccess: (page) => onSearched(page.results.length),
  });
  const results: Api['Order'][] = search.data?.results ?? [];
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-md bg-warn-soft p-3 text-sm text-warn">
      <p>
        <strong>The answer to “Create order” was lost: the order may or may not exist.</strong>{' '}
        Search for it before you create it again, so it is not created twice. Your input is kept as
        a draft.
      </p>
      <Button
        className="self-start"
        busy={search.isPending}
        onClick={() => search.mutate()}
        disabled={!query}
      >
        Search for “{query}”
      </Button>
      {search.isError && <p>The search failed: {errorMessage(search.error)}</p>}
      {search.isSuccess &&
        (results.length === 0 ? (
          <p>No order matches “{query}”: it was not created. You can create it now.</p>
        ) : (
          <ul aria-label="Orders that may be this one" className="flex flex-col gap-1">
            {results.map((o) => (
              <li key={o.id}>
                <Link className="underline" href={`/orders/${o.id}`}>
                  {o.order_name ?? `#${o.id}`}
                </Link>{' '}
                — {o.recipient_name}, {o.city}
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
