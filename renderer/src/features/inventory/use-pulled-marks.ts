/**
 * The pulled marks of the connection in use, read once as a whole (they are few) and
 * recorded one at a time with the cache updated at once, so the row shows the new on-shelf
 * count without a reread.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PulledMark, PulledMarksView } from '../../../../shared/contract/action-values';
import { pulledKey } from '../../../../shared/contract/action-values';
import type { ArgsOf } from '../../../../shared/contract/bridge-contract';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useBridgeQuery } from '../../query/bridge-query';
import { NOT_AN_API_ANSWER } from '../../query/query-client';

const NONE: readonly PulledMark[] = [];

export function usePulledMarks(): readonly PulledMark[] {
  const query = useBridgeQuery(
    'pulledMarksList',
    {},
    { meta: NOT_AN_API_ANSWER, staleTime: Number.POSITIVE_INFINITY },
  );
  return query.data?.marks ?? NONE;
}

export function useSetPulledMark() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: ArgsOf<'pulledMarkSet'>) => callBridge(client, 'pulledMarkSet', args),
    onSuccess: ({ mark }, args) =>
      queryClient.setQueriesData<PulledMarksView>({ queryKey: ['pulledMarksList'] }, (view) => {
        const key = pulledKey(args);
        const rest = (view?.marks ?? []).filter((m) => pulledKey(m) !== key);
        // A mark of 0 removes it; the bridge answers null then.
        return { marks: mark ? [...rest, mark] : rest };
      }),
  });
}
