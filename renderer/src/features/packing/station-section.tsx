/**
 * Settings → Station, the first section: everything a pack bench is set up with, in one
 * place: the station itself, what auto-print prints, and the printer for each kind of
 * document (the same routes as Settings → Printing, edited here too).
 */
import { errorMessage } from '../../query/bridge-call';
import { Card } from '../../ui/card';
import { useSettings } from '../preferences/use-settings';
import { RoutesForm } from '../printing/routes-form';
import { ScanPrintCard } from '../printing/scan-print-card';
import { usePrinters } from '../printing/use-printers';
import { ScannerCard } from '../scan/scanner-card';
import { GateSettingsCard } from './gate-settings-card';
import { PackersCard } from './packers-card';
import { StationCard } from './station-card';

export function StationSection() {
  const settings = useSettings();
  const printers = usePrinters();
  const error = settings.error ?? printers.error;
  return (
    <section aria-labelledby="station-heading" className="flex flex-col gap-pad">
      <h2 id="station-heading" className="text-base font-semibold">
        Station
      </h2>
      <StationCard />
      <PackersCard />
      <GateSettingsCard />
      <ScannerCard />
      {error ? (
        <Card title="Printers">
          <p role="alert" className="text-sm text-danger">
            The printing settings could not be read: {errorMessage(error)}
          </p>
        </Card>
      ) : settings.data && printers.data ? (
        <>
          <ScanPrintCard scan={settings.data.settings.printing.scan} />
          <RoutesForm
            settings={settings.data.settings.printing}
            printers={printers.data.printers}
          />
        </>
      ) : (
        <p className="text-sm text-muted">Reading the printers…</p>
      )}
    </section>
  );
}
