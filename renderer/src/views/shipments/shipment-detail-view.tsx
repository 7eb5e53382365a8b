/**
 * Shipment detail (`/shipments/:id`): the shipment (carrier, service, status, manifest, SLA
 * prediction and status, selection reason and the alternative carriers considered), its
 * ship-from and ship-to contacts, its packages, their tracking events as timelines, and its
 * label with a preview before printing. Open-shaped ("any") fields are read through openJson.
 */
import { Printer } from 'lucide-react';
import { useState } from 'react';
import type { Api } from '../../../../shared/contract/values';
import { StatusBadge } from '../../features/orders/status-badge';
import { carrierName } from '../../features/returns/return-words';
import { SLA_TONES, shipmentStatusTone } from '../../features/shipments/shipment-columns';
import { REASON_LABELS, SLA_LABELS } from '../../features/shipments/shipment-filters';
import { useShipmentDetail } from '../../features/shipments/use-shipments';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { CardTable, type CardTableSpec, columnsOf } from '../../ui/card-table';
import { DetailList } from '../../ui/detail-list';
import type { Formatters } from '../../ui/format/formatters';
import { humanize } from '../../ui/format/formatters';
import { openJson } from '../../ui/format/open-json';
import { serviceWords } from '../../ui/format/service-words';
import { useFormatters } from '../../ui/format/use-formatters';
import { useShortcuts } from '../../ui/shortcuts/use-shortcuts';
import { BackLink, DetailFrame } from '../detail-frame';
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

  const back = <BackLink href="/shipments" label="Shipments" />;
  return (
    <DetailFrame noun="shipment" id={shipmentId} back={back} query={shipment} enabled={enabled}>
      {(s) => (
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
            <ShipmentBadges s={s} />
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
              trackingNumber={s.tracking_number || null}
              previewing={previewing}
              onPreview={() => setPreviewing(true)}
            />
          </div>
        </ViewPage>
      )}
    </DetailFrame>
  );
}

type Shipment = Api['ShipmentDetail'];

/** Beside the way back: the shipment's status and its SLA status, when it has them. */
function ShipmentBadges({ s }: { s: Shipment }) {
  const status = s.status || null;
  const sla = s.sla_status || null;
  return (
    <>
      {status && <StatusBadge value={status} tone={shipmentStatusTone(status)} />}
      {sla && (
        <StatusBadge
          value={sla}
          label={`SLA ${SLA_LABELS[sla] ?? sla}`}
          tone={SLA_TONES[sla] ?? 'neutral'}
        />
      )}
    </>
  );
}

function ShipmentSection({ s, format }: { s: Shipment; format: Formatters }) {
  const message = openJson.text(openJson.object(s.status_info)?.message);
  return (
    <Card title="Shipment">
      <DetailList
        entries={[
          { label: 'Carrier', value: carrierName(s.carrier) ?? s.carrier, field: 'carrier' },
          { label: 'Service', value: serviceWords(s.service_code), field: 'service_code' },
          {
            label: 'Tracking number',
            value: s.tracking_number && <span className="font-mono">{s.tracking_number}</span>,
            field: 'tracking_number',
          },
          { label: 'Status', value: humanize(s.status), field: 'status' },
          {
            label: 'Status details',
            value: message ?? openJson.describe(s.status_info),
            field: 'status_info',
          },
          { label: 'Created', value: format.dateTime(s.created_at), field: 'created_at' },
          {
            label: 'Tendered to carrier',
            value: s.tendered_to_carrier_ts && format.dateTime(s.tendered_to_carrier_ts),
            field: 'tendered_to_carrier_ts',
          },
          { label: 'Manifest', value: s.manifest_id, field: 'manifest_id' },
        ]}
      />
    </Card>
  );
}

function SlaSection({ s }: { s: Shipment }) {
  const sla = s.sla_status || null;
  const prob = Number.parseFloat(s.predicted_sla_miss_prob ?? '');
  const reason = s.selection_reason_code ?? null;
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

const CARRIERS_TABLE: CardTableSpec = {
  label: 'Alternative carriers considered',
  columns: columnsOf('Carrier', 'Service', 'Cost', 'Other details'),
  headClassName: 'text-xs text-muted',
};

/** alternative_carriers_considered is "any": a list of {carrier, service_code, cost} is a table. */
function CarriersSection({ s }: { s: Shipment }) {
  const list = openJson.objects(s.alternative_carriers_considered);
  const other = list.length === 0 ? openJson.describe(s.alternative_carriers_considered) : null;
  return (
    <Card title="Alternative carriers considered" className="lg:col-span-2">
      <CardTable
        spec={CARRIERS_TABLE}
        rows={list}
        empty={other ?? 'None recorded.'}
        row={(c, i) => {
          const { carrier, service_code, cost, ...rest } = c;
          return (
            // The API's list, shown in its order: its place is its key.
            <tr key={i} className="border-t border-line" data-testid="alternative-carrier">
              <td>{openJson.text(carrier) ?? '—'}</td>
              <td>{serviceWords(service_code) ?? '—'}</td>
              <td>{openJson.text(cost) ?? '—'}</td>
              <td className="text-xs text-muted">{openJson.describe(rest) ?? '—'}</td>
            </tr>
          );
        }}
      />
    </Card>
  );
}
