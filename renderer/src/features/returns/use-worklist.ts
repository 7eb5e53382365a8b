/**
 * The worklist's page: from the API's list when no review or age filter is set, else from the main
 * process's worklist kept by the local marks (returnsWorklist: the API's filters walked once,
 * then kept by mark with true counts). Either way the previous rows stay on screen while the
 * next page or filter loads.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useBridgeQuery } from '../../query/bridge-query';
import { type ReturnViewFilters, toReturnBridgeFilters } from './return-filters';
import { useReturnsPage } from './use-returns-queries';

export function useWorklistPage(
  args: { filters: ReturnViewFilters; page: number; pageSize: number },
  enabled: boolean,
) {
  const { filters, page, pageSize } = args;
  // The API filters neither by mark nor by age: either needs the main process's walk.
  const byMark = filters.review !== 'any' || filters.olderThanDays > 0;
  const plain = useReturnsPage(args, enabled && !byMark);
  const marked = useBridgeQuery(
    'returnsWorklist',
    {
      filters: toReturnBridgeFilters(filters),
      review: filters.review,
      ...(filters.olderThanDays > 0 ? { olderThanDays: filters.olderThanDays } : {}),
      page,
      pageSize,
    },
    { enabled: enabled && byMark, placeholderData: keepPreviousData },
  );
  return byMark ? marked : plain;
}
