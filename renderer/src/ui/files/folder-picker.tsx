/**
 * "Choose folder…" and "Open folder" beside a typed folder, where the platform has them (the
 * desktop app's native dialog and file manager). Browser mode has neither: the folder is typed,
 * and files are downloaded from the page instead.
 */
import { useMutation } from '@tanstack/react-query';
import { FolderOpen, FolderSearch } from 'lucide-react';
import type { FilesInfo } from '../../../../shared/contract/clerk-values';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useLocalQuery } from '../../query/bridge-query';
import { Button } from '../button';
import { toast } from '../toast-store';

/** Where exports go and what this host can do with files (the desktop app, or browser mode). */
export function useFilesInfo(): FilesInfo | undefined {
  return useLocalQuery('filesInfo', {}, { staleTime: Number.POSITIVE_INFINITY }).data;
}

export function FolderPicker({
  purpose,
  current,
  onPick,
}: {
  purpose: 'export' | 'print-folder';
  /** The folder in force now (to start the dialog in, and for "Open folder"). */
  current: string | undefined;
  onPick(folder: string): void;
}) {
  const client = useBridge();
  const info = useFilesInfo();
  const pick = useMutation({
    mutationFn: () =>
      callBridge(client, 'folderPick', { purpose, ...(current ? { startIn: current } : {}) }),
    onSuccess: (choice) => choice.path && onPick(choice.path),
    onError: (error) =>
      toast('No folder was chosen', { tone: 'error', description: errorMessage(error) }),
  });
  const open = useMutation({
    mutationFn: (folder: string) =>
      callBridge(client, 'pathReveal', { path: folder, as: 'folder' }),
    onError: (error) =>
      toast('The folder did not open', { tone: 'error', description: errorMessage(error) }),
  });
  if (!info?.canPickFolder) return null;
  return (
    <span className="inline-flex gap-1">
      <Button busy={pick.isPending} onClick={() => pick.mutate()}>
        <FolderSearch aria-hidden className="size-4" /> Choose folder…
      </Button>
      {current && info.canReveal && (
        <Button tone="ghost" busy={open.isPending} onClick={() => open.mutate(current)}>
          <FolderOpen aria-hidden className="size-4" /> Open folder
        </Button>
      )}
    </span>
  );
}
