/**
 * The Save-to-folder printer's folder: chosen with the desktop app's folder dialog or, in
 * browser mode, as a place in the home folder (Documents, Downloads, Packbench's settings
 * folder) with an optional subfolder; or back to the default. Never typed as a path: the main
 * process hands the folder out and keeps its path (issue 31). It is made on first use.
 */
import { Button } from '../../ui/button';
import { FolderPicker } from '../../ui/files/folder-picker';
import { FormCard } from '../../ui/form-card';
import { toast } from '../../ui/toast-store';
import { useSavePrinting } from './use-printing-settings';

export function FolderCard({
  folder,
  inUse,
}: {
  /** The saved folder; null: the default. */
  folder: string | null;
  /** Where Save to folder writes now (the printer's detail), when known. */
  inUse?: string;
}) {
  const { save: savePrinting, problem, busy } = useSavePrinting();

  const save = async (next: { path: string; choiceId: string } | null) => {
    if (!(await savePrinting({ folder: next ? next.choiceId : null }))) return;
    toast(
      next ? `Save to folder writes to ${next.path}` : 'Save to folder uses the default folder',
      {
        tone: 'success',
      },
    );
  };

  return (
    <FormCard
      title="Save to folder"
      description="The built-in printer that writes each job as a file, for machines without a printer."
      label="Save to folder"
      onSubmit={(e) => e.preventDefault()}
    >
      <p className="text-sm" data-testid="print-folder">
        {inUse || folder
          ? 'Writes to '
          : 'Writes to the default folder, Documents/Packbench/Printed'}
        {(inUse || folder) && <code className="break-all">{inUse ?? folder}</code>}
        {folder === null && (inUse || folder) ? ' (the default)' : ''}.
      </p>
      {problem && (
        <p role="alert" className="rounded-md bg-danger-soft p-2 text-sm text-danger">
          Not saved: {problem}
        </p>
      )}
      <FolderPicker purpose="print-folder" canOpen onPick={(picked) => void save(picked)} />
      {folder !== null && (
        <div>
          <Button busy={busy} onClick={() => void save(null)}>
            Use the default folder
          </Button>
        </div>
      )}
    </FormCard>
  );
}
