/**
 * Settings → Printing: routes per kind of document with their test pages, network label
 * printers, the Save-to-folder folder, printer languages and scan to print. Each part saves
 * on its own; all read the same settings and printer queries.
 */
import { errorMessage } from '../../query/bridge-call';
import { Card } from '../../ui/card';
import { useSettings } from '../preferences/use-settings';
import { FolderCard } from './folder-card';
import { NetworkPrintersCard } from './network-printers-card';
import { PrinterLanguagesCard } from './printer-languages-card';
import { FOLDER_PRINTER_ID } from './route-summary';
import { RoutesForm } from './routes-form';
import { ScanPrintCard } from './scan-print-card';
import { usePrinters } from './use-printers';

export function PrintingSection() {
  const settings = useSettings();
  const printers = usePrinters();
  const error = settings.error ?? printers.error;
  if (error) {
    return (
      <Card title="Printing">
        <p role="alert" className="text-sm text-danger">
          The printing settings could not be read: {errorMessage(error)}
        </p>
      </Card>
    );
  }
  if (!settings.data || !printers.data) {
    return (
      <Card title="Printing">
        <p className="text-sm text-muted">Reading the printers…</p>
      </Card>
    );
  }
  const printing = settings.data.settings.printing;
  const list = printers.data.printers;
  const folderPrinter = list.find((p) => p.id === FOLDER_PRINTER_ID);
  return (
    <section aria-labelledby="printing-heading" className="flex flex-col gap-pad">
      <h2 id="printing-heading" className="text-base font-semibold">
        Printing
      </h2>
      {printers.data.problem && (
        <p role="status" className="rounded-md bg-warn-soft p-2 text-sm text-warn">
          <strong>The system’s printers could not be listed.</strong> {printers.data.problem}
        </p>
      )}
      <RoutesForm settings={printing} printers={list} />
      <NetworkPrintersCard saved={printing.networkPrinters} />
      <FolderCard
        folder={printing.folder}
        {...(folderPrinter?.detail ? { inUse: folderPrinter.detail } : {})}
      />
      <PrinterLanguagesCard printers={list} overrides={printing.printerLanguages} />
      <ScanPrintCard scan={printing.scan} />
    </section>
  );
}
