/**
 * Reprint a job from the history: on the same printer or another that takes its format,
 * with as many copies as wanted. The file is the one kept on disk, so this works even when
 * the API cannot be reached.
 */
import { useEffect, useState } from 'react';
import type { PrintJobView } from '../../../../shared/contract/printing-values';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { InputField, Options, SelectField } from '../../ui/form-controls';
import { useJobAction } from './use-job-actions';
import { usePrinters } from './use-printers';

export function ReprintDialog({
  job,
  onOpenChange,
}: {
  /** The job to reprint; null: the dialog is closed. */
  job: PrintJobView | null;
  onOpenChange(open: boolean): void;
}) {
  const printers = usePrinters();
  const action = useJobAction();
  const [printerId, setPrinterId] = useState('');
  const [copies, setCopies] = useState('1');
  useEffect(() => {
    if (job) {
      setPrinterId(job.printerId);
      setCopies(String(job.copies));
    }
  }, [job]);

  const choices = (printers.data?.printers ?? []).filter(
    (p) => job && p.accepts.includes(job.format),
  );
  const n = Number(copies);
  const copiesError =
    /^\d+$/.test(copies.trim()) && n >= 1 && n <= 99 ? undefined : 'Copies is from 1 to 99.';

  return (
    <Dialog
      open={job !== null}
      onOpenChange={onOpenChange}
      title="Reprint"
      description={job ? `“${job.title}”, from the file kept in the history.` : undefined}
    >
      <form
        noValidate
        aria-label="Reprint options"
        className="flex flex-col gap-gap"
        onSubmit={(e) => {
          e.preventDefault();
          if (!job || copiesError) return;
          action.mutate(
            { type: 'reprint', jobId: job.id, printerId, copies: n },
            { onSuccess: () => onOpenChange(false) },
          );
        }}
      >
        <SelectField
          label="Printer"
          value={printerId}
          onChange={(e) => setPrinterId(e.target.value)}
        >
          {/* The job's own printer stays offered even when it is gone from the list. */}
          {job && !choices.some((p) => p.id === job.printerId) && (
            <option value={job.printerId}>{job.printerName}</option>
          )}
          <Options items={choices} value={(p) => p.id} label={(p) => p.name} />
        </SelectField>
        <InputField
          label="Copies"
          error={copiesError}
          inputMode="numeric"
          value={copies}
          onChange={(e) => setCopies(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" tone="primary" busy={action.isPending}>
            Reprint
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
