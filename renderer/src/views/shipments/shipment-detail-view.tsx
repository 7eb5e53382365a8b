/**
 * Shipment detail (`/shipments/:id`): the shipment (carrier, service, status, manifest, SLA
 * prediction and status, selection reason and the alternative carriers considered), its
 * ship-from and ship-to contacts, its packages, their tracking events as timelines, and its
 * label with a preview before printing. "any" fields are read defensively.
 */
import { ArrowLeft, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { StatusBadge } from '../../features/orders/status-badge';
import { SLA_TONES, shipmentStatusTone } from '../../features/shipments/shipment-columns';
import { REASON_LABELS, SLA_LABELS } from '../../features/shipments/shipment-filters';
import { useShipmentDetail } from '../../features/shipments/use-shipments';
import { BridgeCallError, errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { CARD_TABLE, Card } from '../../ui/card';
import type { Formatters } from '../../ui/format/formatters';
import { useFormatters } from '../../ui/format/use-formatters';
import { useShortcuts } from '../../ui/shortcuts/use-shortcuts';
import { DetailList } from '../order-detail/detail-list';
import { asRecord, asRecords, asText, describeJson, humanize } from '../order-detail/order-values';
import { ViewPage } from '../view-page';
import { ContactSection } from './contact-section';
import { LabelSection, usePrintShipmentLabel } from './label-section';
import { PackagesSection } from './packages-section';
import { TrackingSection } from './tracking-section';

export function ShipmentDetailView({ shipmentId }: { shipmentId: string }) {
  const { shipment, events, enabled } = useShipmentDetail(shipmentId);
  const format = useFormatters();
  const [previewing, setPreviewing] = useState(false);
  const print = usePrintShipmentLabel(shipmentId);
  useShortcuts([
    {
      id: 'shipment.print-label',
      keys: ['p'],
      label: 'Print the label',
      group: 'Shipment',
      run: () => shipment.isSuccess && !print.isPending && print.mutate(),
    },
    {
      id: 'shipment.preview-label',
      keys: ['v'],
      label: 'Preview the label',
      group: 'Shipment',
      run: () => setPreviewing(true),
    },
  ]);

  const back = (
    <Link href="/shipments" className="inline-flex items-center gap-1 text-sm underline">
      <ArrowLeft aria-hidden className="size-4" /> Shipments
    </Link>
  );
  if (!shipment.isSuccess) {
    return (
      <ViewPage title={`Shipment ${shipmentId}`}>
        {back}
        {shipment.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p>
              {shipment.error instanceof BridgeCallError && shipment.error.code === 'not_found'
                ? `There is no shipment ${shipmentId} in this account.`
                : `The shipment could not be loaded: ${errorMessage(shipment.error)}`}
            </p>
            <Button onClick={() => void shipment.refetch()}>Try again</Button>
          </div>
        ) : (
          <p aria-live="polite">
            {enabled ? 'Loading the shipment…' : 'No connection with a key is in use.'}
          </p>
        )}
      </ViewPage>
    );
  }

  const s = shipment.data as unknown as Record<string, unknown>;
  const status = asText(s.status);
  const sla = asText(s.sla_status);
  return (
    <ViewPage
      title={`Shipment ${shipmentId}`}
      actions={
        <Button tone="primary" busy={print.isPending} onClick={() => print.mutate()}>
          <Printer aria-hidden className="size-4" /> Print label
        </Button>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        {back}
        {status && <StatusBadge value={status} tone={shipmentStatusTone(status)} />}
        {sla && (
          <StatusBadge
            value={sla}
            label={`SLA ${SLA_LABELS[sla] ?? sla}`}
            tone={SLA_TONES[sla] ?? 'neutral'}
          />
        )}
      </div>
      <div className="grid gap-pad lg:grid-cols-2" data-testid="shipment-detail">
        <ShipmentSection s={s} format={format} />
        <SlaSection s={s} />
        <ContactSection title="Ship from" contact={s.ship_from} field="ship_from" />
        <ContactSection title="Ship to" contact={s.ship_to} field="ship_to" />
        <PackagesSection packages={s.packages} format={format} />
        <CarriersSection s={s} />
        <TrackingSection packages={s.packages} events={events} format={format} />
        <LabelSection
          shipmentId={shipmentId}
          trackingNumber={asText(s.tracking_number)}
          previewing={previewing}
          onPreview={() => setPreviewing(true)}
        />
      </div>
    </ViewPage>
  );
}

function ShipmentSection({ s, format }: { s: Record<string, unknown>; format: Formatters }) {
  const info = asRecord(s.status_info);
  return (
    <Card title="Shipment">
      <DetailList
        entries={[
          { label: 'Carrier', value: asText(s.carrier), field: 'carrier' },
          { label: 'Service', value: asText(s.service_code), field: 'service_code' },
          {
            label: 'Tracking number',
            value: asText(s.tracking_number) && (
              <span className="font-mono">{asText(s.tracking_number)}</span>
            ),
            field: 'tracking_number',
          },
          { label: 'Status', value: humanize(s.status), field: 'status' },
          {
            label: 'Status details',
            value:
              info && typeof info.message === 'string' ? info.message : describeJson(s.status_info),
            field: 'status_info',
          },
          { label: 'Created', value: format.dateTime(asText(s.created_at)), field: 'created_at' },
          {
            label: 'Tendered to carrier',
            value:
              asText(s.tendered_to_carrier_ts) && format.dateTime(asText(s.tendered_to_carrier_ts)),
            field: 'tendered_to_carrier_ts',
          },
          { label: 'Manifest', value: asText(s.manifest_id), field: 'manifest_id' },
        ]}
      />
    </Card>
  );
}

function SlaSection({ s }: { s: Record<string, unknown> }) {
  const sla = asText(s.sla_status);
  const prob = Number.parseFloat(asText(s.predicted_sla_miss_prob) ?? '');
  const reason = typeof s.selection_reason_code === 'string' ? s.selection_reason_code : null;
  return (
    <Card title="SLA and carrier choice">
      <DetailList
        entries={[
          {
            label: 'SLA status',
            value: sla && (
              <StatusBadge
                value={sla}
                label={SLA_LABELS[sla] ?? sla}
                tone={SLA_TONES[sla] ?? 'neutral'}
              />
            ),
            field: 'sla_status',
          },
          {
            label: 'Predicted miss probability',
            value: Number.isFinite(prob)
              ? new Intl.NumberFormat(undefined, {
                  style: 'percent',
                  maximumFractionDigits: 2,
                }).format(prob)
              : null,
            field: 'predicted_sla_miss_prob',
          },
          {
            label: 'Selection reason',
            value: reason === null ? null : (REASON_LABELS[reason] ?? reason),
            field: 'selection_reason_code',
          },
        ]}
      />
    </Card>
  );
}

/** alternative_carriers_considered is "any": a list of {carrier, service_code, cost} is a table. */
function CarriersSection({ s }: { s: Record<string, unknown> }) {
  const list = asRecords(s.alternative_carriers_considered);
  const other = list.length === 0 ? describeJson(s.alternative_carriers_considered) : null;
  return (
    <Card title="Alternative carriers considered" className="lg:col-span-2">
      {list.length > 0 ? (
        <table className={CARD_TABLE} aria-label="Alternative carriers considered">
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col">Carrier</th>
              <th scope="col">Service</th>
              <th scope="col">Cost</th>
              <th scope="col">Other details</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c, i) => {
              const { carrier, service_code, cost, ...rest } = c;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the API's list, shown in its order
                <tr key={i} className="border-t border-line" data-testid="alternative-carrier">
                  <td>{asText(carrier) ?? '—'}</td>
                  <td>{asText(service_code) ?? '—'}</td>
                  <td>{asText(cost) ?? '—'}</td>
                  <td className="text-xs text-muted">{describeJson(rest) ?? '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-muted">{other ?? 'None recorded.'}</p>
      )}
    </Card>
  );
}
