/**
 * An order page whose order is not there yet: why (no such order in this account, or the
 * read failed, with "Try again"), or that it is loading. Shared by the order detail and the
 * pack screen, which open the same order by its number.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { BridgeCallError, errorMessage } from '../query/bridge-call';
import { Button } from '../ui/button';

export function OrderLoadProblem({
  id,
  order,
  loading = 'Loading the order…',
}: {
  id: number;
  order: UseQueryResult<unknown, Error>;
  loading?: string;
}) {
  if (!order.isError) return <p aria-live="polite">{loading}</p>;
  return (
    <div role="alert" className="flex flex-col items-start gap-2">
      <p>
        {order.error instanceof BridgeCallError && order.error.code === 'not_found'
          ? `There is no order ${id} in this account.`
          : `The order could not be loaded: ${errorMessage(order.error)}`}
      </p>
      <Button onClick={() => void order.refetch()}>Try again</Button>
    </div>
  );
}
