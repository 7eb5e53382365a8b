/**
 * "Export CSV…" as one piece for any view: the button, the folder dialog, the progress with
 * Cancel while it runs, and where the file went (with Open folder / Download a copy) once it is
 * written. A view places `trigger` among its actions and `status` above its list, and says how
 * the file is made (`work`: a bridge call under the operation id it is given).
 */
import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useBridge } from '../../query/bridge-context';
import { Button } from '../../ui/button';
import { CsvExportDialog } from '../../ui/list/csv-export-dialog';
import { BulkProgress } from '../status/bulk-progress';
import { ExportOutcome } from './export-outcome';
import { callExport, type ExportRequest } from './export-request';
import { useCsvExport } from './use-csv-export';

export interface CsvExportFlowOptions {
  /** Plural, lower case: "stock rows". */
  noun: string;
  /** How many rows the file will hold, when known (the dialog says so). */
  matching: number | undefined;
  /** Why there is nothing to export yet, if so (the button is disabled and says it). */
  unavailable?: string | null;
  /** Makes the file: a bridge export and its arguments (export-request.ts); null while unavailable. */
  request: ExportRequest | null;
  /** The button's text; default "Export CSV…". */
  label?: string;
}

export function useCsvExportFlow(options: CsvExportFlowOptions): {
  trigger: ReactNode;
  status: ReactNode;
} {
  const client = useBridge();
  const csv = useCsvExport();
  const [open, setOpen] = useState(false);
  const busy = csv.running !== null;
  const why = busy ? 'An export is running.' : (options.unavailable ?? null);
  const trigger = (
    <>
      <Button onClick={() => setOpen(true)} disabled={why !== null} title={why ?? undefined}>
        <Download aria-hidden className="size-4" />
        {options.label ?? 'Export CSV…'}
      </Button>
      <CsvExportDialog
        open={open}
        onOpenChange={setOpen}
        noun={options.noun}
        matching={options.matching}
        onExport={(destination) => {
          const { request } = options;
          if (request === null) return;
          void csv.run(`Exporting ${options.noun} to CSV`, (operationId) =>
            callExport(client, request, destination, operationId),
          );
        }}
      />
    </>
  );
  const status = (
    <>
      {csv.running && <BulkProgress work={csv.running} onCancel={csv.cancel} />}
      {csv.result && <ExportOutcome result={csv.result} onDismiss={csv.dismiss} />}
    </>
  );
  return { trigger, status };
}
