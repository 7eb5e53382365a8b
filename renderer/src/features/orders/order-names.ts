/**
 * Names for order ids from the pages already in the query cache, so outcomes can say
 * "#9042" instead of "Order 1042" without another request.
 */
import type { QueryClient } from '@tanstack/react-query';
import { orderLabel } from './order-facts';
import { ORDERS_KEY } from './use-orders-queries';

export interface PaginatedOrderListLike {
  results?: { id: number; order_name?: string | null }[];
}

export function knownOrderNames(queryClient: QueryClient): Map<number, string> {
  const names = new Map<number, string>();
  for (const [, data] of queryClient.getQueriesData<PaginatedOrderListLike>({
    queryKey: [ORDERS_KEY, 'page'],
  })) {
    for (const order of data?.results ?? []) names.set(order.id, orderLabel(order));
  }
  return names;
}
