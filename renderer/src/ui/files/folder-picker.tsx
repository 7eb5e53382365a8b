/**
 * Choosing a folder for the console to write in. The page never types or sends a path: the
 * main process hands the folder out with an id (issue 31), and the page passes the id back.
 * - The desktop app: "Choose folder…" opens the native folder dialog; "Open folder" shows the
 *   folder in force in the file manager.
 * - Browser mode (no native dialog): one of a few places in the home folder (Documents,
 *   Downloads, Packbench's settings folder), optionally a subfolder inside it, made if missing.
 */
import { useMutation } from '@tanstack/react-query';
import { FolderOpen, FolderSearch } from 'lucide-react';
import { useId, useState } from 'react';
import type { FilesInfo, FolderChoice } from '../../../../shared/contract/clerk-values';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { useLocalQuery } from '../../query/bridge-query';
import { Button } from '../button';
import { Input } from '../input';
import { Select } from '../select';
import { toast } from '../toast-store';

/** Where exports go and what this host can do with files (the desktop app, or browser mode). */
export function useFilesInfo(): FilesInfo | undefined {
  return useLocalQuery('filesInfo', {}, { staleTime: Number.POSITIVE_INFINITY }).data;
}

/** A folder the main process handed out: its path to show, its id to pass back. */
export type ChosenFolder = { path: string; choiceId: string };

type Purpose = 'export' | 'print-folder';

export function FolderPicker({
  purpose,
  onPick,
  canOpen = false,
}: {
  purpose: Purpose;
  onPick(folder: ChosenFolder): void;
  /** Offer "Open folder" for the folder in force for this purpose (desktop app). */
  canOpen?: boolean;
}) {
  const info = useFilesInfo();
  if (!info) return null;
  return info.canPickFolder ? (
    <NativePicker purpose={purpose} onPick={onPick} canOpen={canOpen && info.canReveal} />
  ) : (
    <RootPicker purpose={purpose} info={info} onPick={onPick} />
  );
}

function useChoice(onPick: (folder: ChosenFolder) => void) {
  return (choice: FolderChoice) => {
    if (choice.path !== null && choice.choiceId) {
      onPick({ path: choice.path, choiceId: choice.choiceId });
    }
  };
}

function NativePicker({
  purpose,
  onPick,
  canOpen,
}: {
  purpose: Purpose;
  onPick(folder: ChosenFolder): void;
  canOpen: boolean;
}) {
  const client = useBridge();
  const picked = useChoice(onPick);
  const pick = useMutation({
    mutationFn: () => callBridge(client, 'folderPick', { purpose }),
    onSuccess: picked,
    onError: (error) =>
      toast('No folder was chosen', { tone: 'error', description: errorMessage(error) }),
  });
  const open = useMutation({
    mutationFn: () => callBridge(client, 'pathReveal', { folder: purpose }),
    onError: (error) =>
      toast('The folder did not open', { tone: 'error', description: errorMessage(error) }),
  });
  return (
    <span className="inline-flex gap-1">
      <Button busy={pick.isPending} onClick={() => pick.mutate()}>
        <FolderSearch aria-hidden className="size-4" /> Choose folder…
      </Button>
      {canOpen && (
        <Button tone="ghost" busy={open.isPending} onClick={() => open.mutate()}>
          <FolderOpen aria-hidden className="size-4" /> Open folder
        </Button>
      )}
    </span>
  );
}

function RootPicker({
  purpose,
  info,
  onPick,
}: {
  purpose: Purpose;
  info: FilesInfo;
  onPick(folder: ChosenFolder): void;
}) {
  const client = useBridge();
  const id = useId();
  const [root, setRoot] = useState(info.roots[0]?.id ?? 'documents');
  const [subfolder, setSubfolder] = useState(purpose === 'export' ? 'Packbench' : '');
  const [problem, setProblem] = useState<string | null>(null);
  const picked = useChoice(onPick);
  const choose = useMutation({
    mutationFn: () =>
      callBridge(client, 'folderChoose', {
        purpose,
        root,
        ...(subfolder.trim() ? { subfolder: subfolder.trim() } : {}),
      }),
    onSuccess: (choice) => {
      setProblem(null);
      picked(choice);
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  return (
    <fieldset className="flex flex-col gap-1" data-testid="folder-roots">
      <legend className="text-sm font-medium">Choose a folder</legend>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs text-muted" htmlFor={`${id}-root`}>
          Place
          <Select
            id={`${id}-root`}
            value={root}
            onChange={(e) => setRoot(e.target.value as typeof root)}
          >
            {info.roots.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted" htmlFor={`${id}-sub`}>
          Subfolder (optional)
          <Input
            id={`${id}-sub`}
            value={subfolder}
            spellCheck={false}
            placeholder="e.g. Packbench/Labels"
            onChange={(e) => setSubfolder(e.target.value)}
          />
        </label>
        <Button busy={choose.isPending} onClick={() => choose.mutate()}>
          <FolderSearch aria-hidden className="size-4" /> Use this folder
        </Button>
      </div>
      <p className="text-xs text-muted">
        In {info.roots.find((r) => r.id === root)?.path ?? 'your home folder'}; a missing subfolder
        is made.
      </p>
      {problem && (
        <p role="alert" className="text-xs font-medium text-danger">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
