/**
 * The review marks of the connection in use (local: the API cannot move a return through its
 * lifecycle): read once as a whole (they are few), marked and cleared with the cache updated
 * at once so j/k through the worklist shows each mark without waiting; the worklist kept by
 * marks is asked again after each change. The reviewer's name is remembered in the settings
 * (views.returnsReviewer); without one, the main process names the computer's user.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArgsOf } from '../../../../shared/contract/bridge-contract';
import type { ReturnReview, ReturnReviewsView } from '../../../../shared/contract/clerk-values';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { invalidateMethods, useKeptForConnection } from '../../query/bridge-query';
import { useApiConnection } from '../../query/connections';
import { bridgeQueryKey } from '../../query/query-options';
import { settingsKey, useSettings } from '../preferences/use-settings';

const toMap = (view: ReturnReviewsView) => new Map(view.reviews.map((r) => [r.returnId, r]));
const NONE = new Map<number, ReturnReview>();

export function useReturnReviews(): Map<number, ReturnReview> {
  return useKeptForConnection('returnReviewsList', {}, toMap, NONE);
}

export function useReviewer(): { name: string; save(name: string): void } {
  const client = useBridge();
  const queryClient = useQueryClient();
  const stored = useSettings().data?.settings.views.returnsReviewer;
  return {
    name: typeof stored === 'string' ? stored : '',
    save: (name) =>
      void callBridge(client, 'settingsUpdate', {
        patch: { views: { returnsReviewer: name.trim() === '' ? null : name.trim().slice(0, 80) } },
      }).then((view) => queryClient.setQueryData(settingsKey, view)),
  };
}

function useReviewCache() {
  const queryClient = useQueryClient();
  const { connectionId } = useApiConnection();
  return (change: (reviews: ReturnReview[]) => ReturnReview[]) => {
    queryClient.setQueryData<ReturnReviewsView>(
      bridgeQueryKey('returnReviewsList', connectionId, {}),
      (view) => ({ reviews: change(view?.reviews ?? []) }),
    );
    // A worklist kept by marks changes with them.
    void invalidateMethods(queryClient, ['returnsWorklist']);
  };
}

export function useMarkReviewed() {
  const client = useBridge();
  const update = useReviewCache();
  return useMutation({
    mutationFn: (args: ArgsOf<'returnReviewSet'>) => callBridge(client, 'returnReviewSet', args),
    onSuccess: (review) =>
      update((all) => [...all.filter((r) => r.returnId !== review.returnId), review]),
  });
}

export function useClearReview() {
  const client = useBridge();
  const update = useReviewCache();
  return useMutation({
    mutationFn: (returnId: number) => callBridge(client, 'returnReviewClear', { returnId }),
    onSuccess: (_cleared, returnId) => update((all) => all.filter((r) => r.returnId !== returnId)),
  });
}
