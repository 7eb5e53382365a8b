/**
 * What a person can do with a file the console wrote (an export, a Save-to-folder job), where
 * the platform allows: in the desktop app "Show file" (its folder, the file selected) and
 * "Open folder"; in browser mode "Download", which lets the browser save a copy wherever the
 * person chooses. The main process refuses any path it did not write.
 */
import { useMutation } from '@tanstack/react-query';
import { Download, FolderOpen } from 'lucide-react';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { Button } from '../../ui/button';
import { useFilesInfo } from '../../ui/files/folder-picker';
import { toast } from '../../ui/toast-store';
import { saveBinaryFile } from './save-binary-file';

/** The folder part of a path, for either kind of separator. */
export function folderOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut <= 0 ? path.slice(0, cut + 1) || path : path.slice(0, cut);
}

export function FileActions({ path, what = 'file' }: { path: string; what?: string }) {
  const client = useBridge();
  const info = useFilesInfo();
  const fail = (title: string) => (error: unknown) =>
    toast(title, { tone: 'error', description: errorMessage(error) });
  const reveal = useMutation({
    mutationFn: (as: 'file' | 'folder') =>
      callBridge(client, 'pathReveal', { path: as === 'file' ? path : folderOf(path), as }),
    onError: fail('The folder did not open'),
  });
  const download = useMutation({
    mutationFn: () => callBridge(client, 'savedFileGet', { path }),
    onSuccess: (file) => saveBinaryFile(file),
    onError: fail(`The ${what} could not be downloaded`),
  });
  if (!info) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {info.canReveal && (
        <>
          <Button
            tone="ghost"
            busy={reveal.isPending && reveal.variables === 'file'}
            onClick={() => reveal.mutate('file')}
          >
            <FolderOpen aria-hidden className="size-4" /> Show file
          </Button>
          <Button
            tone="ghost"
            busy={reveal.isPending && reveal.variables === 'folder'}
            onClick={() => reveal.mutate('folder')}
          >
            Open folder
          </Button>
        </>
      )}
      {info.canDownload && (
        <Button tone="ghost" busy={download.isPending} onClick={() => download.mutate()}>
          <Download aria-hidden className="size-4" /> Download a copy
        </Button>
      )}
    </span>
  );
}
