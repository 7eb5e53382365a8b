/**
 * Export the current filter to CSV, for any list the API exports by filter (orders, returns):
 * every matching row, not only the selection or the page. The main process writes the file:
 * the folder is chosen with the desktop app's folder dialog or typed as an absolute path;
 * empty means the default folder (named in full; created if missing). In browser mode the
 * finished export offers "Download a copy", the browser's own way to put it anywhere.
 */
import { useState } from 'react';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { FolderPicker, useFilesInfo } from '../files/folder-picker';
import { FormField } from '../form-field';
import { useFormatters } from '../format/use-formatters';
import { Input } from '../input';

const ABSOLUTE = /^(\/|[A-Za-z]:[\\/])/;

/** A problem with the typed destination, or null ('' is fine: the default folder). */
export function destinationProblem(text: string): string | null {
  const trimmed = text.trim();
  return trimmed !== '' && !ABSOLUTE.test(trimmed)
    ? 'Give an absolute path, e.g. /home/me/exports, or leave it empty.'
    : null;
}

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
  onExport(destination: string | undefined): void;
}) {
  const format = useFormatters();
  const files = useFilesInfo();
  const [folder, setFolder] = useState('');
  const [touched, setTouched] = useState(false);
  // Opened again: no complaint about the folder until it is left or submitted again.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setTouched(false);
  }
  const trimmed = folder.trim();
  const problem = destinationProblem(folder);
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
          setTouched(true);
          if (problem) return;
          onExport(trimmed === '' ? undefined : trimmed);
          onOpenChange(false);
        }}
      >
        <FormField
          label="Folder or file"
          hint={`Empty: ${files?.exportDir ?? 'Downloads/Packbench in your home folder'} (made if missing). A folder gets a new file; nothing is overwritten.${files?.canDownload ? ' Afterwards, “Download a copy” saves it wherever you like.' : ''}`}
          error={touched && problem ? problem : undefined}
        >
          {(control) => (
            <Input
              {...control}
              value={folder}
              placeholder="e.g. /home/me/exports"
              onChange={(e) => setFolder(e.target.value)}
              onBlur={() => setTouched(true)}
            />
          )}
        </FormField>
        <FolderPicker
          purpose="export"
          current={folder.trim() || files?.exportDir}
          onPick={(picked) => {
            setFolder(picked);
            setTouched(true);
          }}
        />
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" tone="primary">
            Export
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
