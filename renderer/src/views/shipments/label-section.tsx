/**
 * The shipment's label: fetched when the person asks for the preview (labels are heavier
 * requests with their own rate budget), shown before printing, and printed through the print
 * routes (printShipmentLabel: ZPL goes raw to the label printer's route, images and PDFs to
 * theirs). Printing does not need the preview: the bridge fetches the label itself.
 */
import { Eye, Printer } from 'lucide-react';
import { LabelPreview } from '../../features/label-preview/label-preview';
import { usePrintRequest } from '../../features/printing/use-document-actions';
import { useShipmentLabel } from '../../features/shipments/use-shipments';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';

export const usePrintShipmentLabel = (shipmentId: string) =>
  usePrintRequest(
    (client) => callBridge(client, 'printShipmentLabel', { shipmentId }),
    'The label was not printed',
  );

export function LabelSection({
  shipmentId,
  trackingNumber,
  previewing,
  onPreview,
}: {
  shipmentId: string;
  trackingNumber: string | null;
  previewing: boolean;
  onPreview(): void;
}) {
  const label = useShipmentLabel(shipmentId, previewing);
  const print = usePrintShipmentLabel(shipmentId);
  return (
    <Card title="Label" className="lg:col-span-2">
      <div className="flex flex-wrap gap-2">
        {!previewing && (
          <Button onClick={onPreview}>
            <Eye aria-hidden className="size-4" /> Preview label
          </Button>
        )}
        <Button tone="primary" busy={print.isPending} onClick={() => print.mutate()}>
          <Printer aria-hidden className="size-4" /> Print label
        </Button>
      </div>
      {previewing && (
        <div className="mt-3" aria-live="polite">
          {label.isPending && <p className="text-sm text-muted">Fetching the label…</p>}
          {label.isError && (
            <div role="alert" className="flex items-center gap-2 text-sm text-danger">
              <span>The label could not be fetched: {errorMessage(label.error)}</span>
              <Button onClick={() => void label.refetch()}>Try again</Button>
            </div>
          )}
          {label.isSuccess && (
            <LabelPreview
              base64={typeof label.data.image_b64 === 'string' ? label.data.image_b64 : ''}
              format={typeof label.data.format === 'string' ? label.data.format : null}
              title={`Label ${label.data.tracking_number || trackingNumber || shipmentId}`}
            />
          )}
        </div>
      )}
    </Card>
  );
}
