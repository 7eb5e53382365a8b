/**
 * Names for order ids from the pages already in the query cache, so outcomes can say
 * "#9042" instead of "Order 1042" without another request.
 */
import type { QueryClient } from '@tanstack/react-query';
import { cachedAnswers } from '../../query/bridge-query';
import { orderLabel } from './order-facts';

export function knownOrderNames(queryClient: QueryClient): Map<number, string> {
  const names = new Map<number, string>();
  for (const page of cachedAnswers(queryClient, 'ordersList')) {
    for (const order of page.results ?? []) names.set(order.id, orderLabel(order));
  }
  return names;
}
