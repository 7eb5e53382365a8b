/**
 * What a person can do with a file the console wrote (an export, a Save-to-folder job), where
 * the platform allows: in the desktop app "Show file" (its folder, the file selected) and
 * "Open folder"; in browser mode "Download a copy": a one-time link on the console's own host
 * (savedFileLink), which the browser saves wherever the person chooses. The file is named by
 * the id the main process gave it (or its print job's id), never by its path (issue 31).
 */
import { useMutation } from '@tanstack/react-query';
import { Download, FolderOpen } from 'lucide-react';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { Button } from '../../ui/button';
import { useFilesInfo } from '../../ui/files/folder-picker';
import { toast } from '../../ui/toast-store';

/** A file the console wrote: an export's id, or the Save-to-folder job that wrote it. */
export type SavedFileRef = { fileId: string } | { jobId: string };

/** Follows a download link the host serves as an attachment: the page stays where it is. */
export function followDownload(url: string, fileName: string, doc: Document = document): void {
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  link.click();
  link.remove();
}

export function FileActions({ file, what = 'file' }: { file: SavedFileRef; what?: string }) {
  const client = useBridge();
  const info = useFilesInfo();
  const fail = (title: string) => (error: unknown) =>
    toast(title, { tone: 'error', description: errorMessage(error) });
  const reveal = useMutation({
    mutationFn: (as: 'file' | 'folder') => callBridge(client, 'pathReveal', { ...file, as }),
    onError: fail('The folder did not open'),
  });
  const download = useMutation({
    mutationFn: () => callBridge(client, 'savedFileLink', file),
    onSuccess: (link) => followDownload(link.url, link.fileName),
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
