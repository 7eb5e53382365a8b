/**
 * The return lines' dispositions of the connection in use (local: the API cannot record what
 * came back or what became of it): read once as a whole (they are few, as review marks are),
 * recorded a part at a time with the cache updated at once, so a key press shows in the split
 * view without waiting for a reread; and the CSV for the ERP.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LineDisposition,
  LineDispositionsView,
} from '../../../../shared/contract/action-values';
import type { ArgsOf } from '../../../../shared/contract/bridge-contract';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useKeptForConnection } from '../../query/bridge-query';

export const dispositionKey = (returnId: number, lineIndex: number) => `${returnId}:${lineIndex}`;

const toMap = (view: LineDispositionsView) =>
  new Map(view.dispositions.map((d) => [dispositionKey(d.returnId, d.lineIndex), d]));
const NONE = new Map<string, LineDisposition>();

export function useLineDispositions(): Map<string, LineDisposition> {
  return useKeptForConnection('returnDispositionsList', {}, toMap, NONE);
}

export function useRecordDisposition() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: ArgsOf<'returnDispositionSet'>) =>
      callBridge(client, 'returnDispositionSet', args),
    onSuccess: (saved) =>
      // Every cached copy of the list (the key carries the connection: the one in use).
      queryClient.setQueriesData<LineDispositionsView>(
        { queryKey: ['returnDispositionsList'] },
        (view) => ({
          dispositions: [
            ...(view?.dispositions ?? []).filter(
              (d) => !(d.returnId === saved.returnId && d.lineIndex === saved.lineIndex),
            ),
            saved,
          ],
        }),
      ),
  });
}

export function useExportDispositions() {
  const client = useBridge();
  return useMutation({
    mutationFn: () => callBridge(client, 'returnDispositionsExport', {}),
  });
}
