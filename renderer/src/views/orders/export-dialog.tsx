/**
 * Export the current filter to CSV: every matching order (not only the selection or the page;
 * the API exports by filter). The main process writes the file, so the folder is typed as an
 * absolute path (browser mode has no native save dialog); empty means the default folder,
 * ~/Downloads/Packbench.
 */
import { useEffect, useState } from 'react';
import { useFormatters } from '../../features/format/use-formatters';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';

const ABSOLUTE = /^(\/|[A-Za-z]:[\\/])/;

export function ExportDialog({
  open,
  onOpenChange,
  matching,
  onExport,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  matching: number | undefined;
  onExport(destination: string | undefined): void;
}) {
  const format = useFormatters();
  const [folder, setFolder] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) setTouched(false);
  }, [open]);
  const trimmed = folder.trim();
  const error =
    touched && trimmed !== '' && !ABSOLUTE.test(trimmed)
      ? 'Give an absolute path, e.g. /home/me/exports, or leave it empty.'
      : undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Export orders to CSV"
      description={
        matching === undefined
          ? 'Every order matching the current filters.'
          : `All ${format.number(matching)} orders matching the current filters.`
      }
    >
      <form
        noValidate
        className="flex flex-col gap-gap"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (trimmed !== '' && !ABSOLUTE.test(trimmed)) return;
          onExport(trimmed === '' ? undefined : trimmed);
          onOpenChange(false);
        }}
      >
        <FormField
          label="Folder or file"
          hint="Empty: Downloads/Packbench in your home folder. A folder gets a new file; nothing is overwritten."
          error={error}
        >
          {(control) => (
            <Input
              {...control}
              value={folder}
              placeholder="/home/me/exports"
              onChange={(e) => setFolder(e.target.value)}
              onBlur={() => setTouched(true)}
            />
          )}
        </FormField>
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
