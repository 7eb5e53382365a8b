/**
 * Export the current filter to CSV, for any list the API exports by filter (orders, returns):
 * every matching row, not only the selection or the page. The main process writes the file,
 * into the default export folder or a folder chosen here (the desktop app's folder dialog, or
 * in browser mode a place in the home folder); the page never names a path, only the chosen
 * folder's id (issue 31). In browser mode the finished export offers "Download a copy".
 */
import { useState } from 'react';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { type ChosenFolder, FolderPicker, useFilesInfo } from '../files/folder-picker';
import { useFormatters } from '../format/use-formatters';

export function CsvExportDialog({
  open,
  onOpenChange,
  noun,
  matching,
  onExport,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Plural, lower case: "returns". */
  noun: string;
  matching: number | undefined;
  /** The chosen folder's id; undefined: the default export folder. */
  onExport(destination: string | undefined): void;
}) {
  const format = useFormatters();
  const files = useFilesInfo();
  const [chosen, setChosen] = useState<ChosenFolder | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Export ${noun} to CSV`}
      description={
        matching === undefined
          ? `Every one of the ${noun} matching the current filters.`
          : `All ${format.number(matching)} ${noun} matching the current filters.`
      }
    >
      <form
        noValidate
        className="flex flex-col gap-gap"
        onSubmit={(e) => {
          e.preventDefault();
          onExport(chosen?.choiceId);
          onOpenChange(false);
        }}
      >
        <p className="text-sm" data-testid="export-folder">
          Into{' '}
          <code className="break-all">
            {chosen?.path ?? files?.exportDir ?? 'Downloads/Packbench in your home folder'}
          </code>
          {chosen ? '' : ' (made if missing)'}. A new file; nothing is overwritten.
          {files?.canDownload ? ' Afterwards, “Download a copy” saves it wherever you like.' : ''}
        </p>
        <FolderPicker purpose="export" onPick={setChosen} />
        <div className="flex justify-end gap-2">
          {chosen && (
            <Button tone="ghost" onClick={() => setChosen(null)}>
              Use the default folder
            </Button>
          )}
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" tone="primary">
            Export
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
