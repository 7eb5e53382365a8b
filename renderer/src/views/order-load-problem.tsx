/**
 * An order page whose order is not there yet: why (no such order in this account, or the
 * read failed, with "Try again"), or that it is loading. Used by the pack screen, which opens
 * an order by its number; the words are the detail frame's, as on every detail page.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadProblem } from './detail-frame';

export function OrderLoadProblem({
  id,
  order,
  loading = 'Loading the order…',
}: {
  id: number;
  order: UseQueryResult<unknown, Error>;
  loading?: string;
}) {
  return <LoadProblem noun="order" id={id} query={order} loading={loading} />;
}
