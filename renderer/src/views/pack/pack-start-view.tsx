/**
 * The pack bench (`/pack`): what this station is set to (name, location, verify, auto-print)
 * the index of orders to pack that finds storefront and external ids (its reading, Stop and
 * Read again), and what was packed today. A scan anywhere opens the scanned order's pack screen.
 */
import { ScanBarcode } from 'lucide-react';
import { Link } from 'wouter';
import { OrderIndexLine } from '../../features/packing/order-index-line';
import {
  useStationLocation,
  useStationSettings,
} from '../../features/packing/use-station-settings';
import { usePrintingSettings } from '../../features/printing/use-printing-settings';
import { Card } from '../../ui/card';
import { ViewPage } from '../view-page';
import { PackedToday } from './packed-today';

export function PackStartView() {
  const station = useStationSettings();
  const scan = usePrintingSettings()?.scan;
  const { location } = useStationLocation(station.locationId);
  const prints = scan
    ? [scan.label && 'label', scan.packingSlip && 'packing slip'].filter(Boolean).join(' + ')
    : '';
  return (
    <ViewPage title="Pack">
      <div className="flex items-center gap-3 rounded-md border border-line bg-surface p-pad">
        <ScanBarcode aria-hidden className="size-10 text-muted" />
        <div>
          <p className="text-xl font-semibold">Scan an order to pack it</p>
          <p className="text-muted">
            Order name, external or storefront order id, or tracking number. Then scan each item.
          </p>
        </div>
      </div>
      <p className="text-sm" data-testid="station-summary">
        {station.name || 'This station'} · bins at {location?.name ?? 'the default location'} ·{' '}
        {station.verify ? 'items verified by scanning' : 'no item check'} · auto-print{' '}
        {prints || 'off'} ·{' '}
        <Link href="/settings/station" className="underline">
          Station settings
        </Link>
      </p>
      <Card
        title="Storefront and external ids"
        description="The search does not know them: a scan of one is found among the orders to pack this station reads."
      >
        <OrderIndexLine />
      </Card>
      <PackedToday />
    </ViewPage>
  );
}
