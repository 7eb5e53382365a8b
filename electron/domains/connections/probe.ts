/**
 * "Test connection": one cheap, authenticated request, the order count (a one-item page).
 * For the console handlers' `probe` dependency: build a client for the target with the shared
 * limiter and pass it here.
 */
import type { ApiClient } from '../../kernel/api/api-client';

export async function countOrders(api: ApiClient, signal: AbortSignal): Promise<{ count: number }> {
  const page = await api.page(
    'orders_list',
    { query: { page_size: 1 } },
    { priority: 'interactive', signal },
    'ids',
  );
  return { count: page.count };
}
