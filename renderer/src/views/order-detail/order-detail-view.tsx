/**
 * Order detail (`/orders/:id`): every field the API returns, grouped in sections, with the
 * order's documents (print, save), its parcels' tracking as timelines and "Refresh tracking".
 * Fields are read through the generated types; the order's open-shaped parts ("any" in the
 * spec) through openJson, so an order with unexpected contents there still shows what it has.
 */
import { RefreshCw } from 'lucide-react';
import { readOrderDocuments } from '../../features/orders/order-documents';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { StatusPill } from '../../ui/detail-list';
import { humanize } from '../../ui/format/formatters';
import { useFormatters } from '../../ui/format/use-formatters';
import { OtherFieldsCard } from '../../ui/other-fields-card';
import { ReasonButton } from '../../ui/reason-button';
import { useShortcuts } from '../../ui/shortcuts/use-shortcuts';
import { toast } from '../../ui/toast-store';
import { BackLink, DetailFrame } from '../detail-frame';
import { ViewPage } from '../view-page';
import { AddressCheckSection } from './sections/address-check-section';
import { BillingSection, CustomerSection, RecipientSection } from './sections/address-sections';
import { AutomationSection } from './sections/automation-section';
import { DocumentsSection } from './sections/documents-section';
import { FulfillmentsSection } from './sections/fulfillments-section';
import { ItemsSection, NotesSection } from './sections/items-notes-sections';
import { MoneySection, PaymentSection } from './sections/money-sections';
import { ChannelSection, OrderSection } from './sections/order-sections';
import { ShipmentsSection } from './sections/shipments-section';
import { SHOWN_FIELDS } from './shown-fields';
import { describeRefresh, useOrderDetail, useRefreshTracking } from './use-order-detail';
import { usePrintOrderDocument } from './use-order-files';

export function OrderDetailView({ id }: { id: number }) {
  const { order, documents, addressCheck, enabled } = useOrderDetail(id);
  const format = useFormatters();
  const refresh = useRefreshTracking(id);
  const print = usePrintOrderDocument(id);
  const runRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (result) =>
        toast(describeRefresh(result).title, { tone: 'success', ...describeRefresh(result) }),
      onError: (error) =>
        toast('Tracking was not refreshed', { tone: 'error', description: errorMessage(error) }),
    });
  const docs = documents.isSuccess ? readOrderDocuments(documents.data) : [];
  const canPrint = (kind: string) => docs.some((d) => d.kind === kind && d.available);
  useShortcuts([
    {
      id: 'order.print-label',
      keys: ['p'],
      label: 'Print the shipping label',
      group: 'Order',
      run: () => canPrint('shipping_label') && print.mutate({ kind: 'shipping_label' }),
    },
    {
      id: 'order.print-slip',
      keys: ['s'],
      label: 'Print the packing slip',
      group: 'Order',
      run: () => canPrint('packing_slip') && print.mutate({ kind: 'packing_slip' }),
    },
    {
      id: 'order.refresh',
      keys: ['r'],
      label: 'Refresh tracking',
      group: 'Order',
      run: runRefresh,
    },
  ]);

  const name = order.data?.order_name ?? `#${id}`;
  const back = <BackLink href="/orders" label="Orders" />;
  return (
    <DetailFrame
      noun="order"
      id={id}
      back={back}
      title={`Order ${name}`}
      query={order}
      enabled={enabled}
    >
      {(o) => (
        <ViewPage
          title={`Order ${name}`}
          actions={
            <div className="flex flex-wrap gap-2">
              <Button busy={refresh.isPending} onClick={runRefresh}>
                <RefreshCw aria-hidden className="size-4" /> Refresh tracking
              </Button>
              <ReasonButton
                tone="primary"
                why={
                  canPrint('shipping_label')
                    ? null
                    : documents.isPending
                      ? 'Checking whether this order has a label…'
                      : 'This order has no shipping label yet: a label is bought in the shipping app, not here. The packing slip can still be printed.'
                }
                busy={print.isPending && print.variables?.kind === 'shipping_label'}
                onClick={() => print.mutate({ kind: 'shipping_label' })}
              >
                Print label
              </ReasonButton>
              <Button
                disabled={!canPrint('packing_slip')}
                busy={print.isPending && print.variables?.kind === 'packing_slip'}
                onClick={() => print.mutate({ kind: 'packing_slip' })}
              >
                Print packing slip
              </Button>
            </div>
          }
        >
          <div className="flex flex-wrap items-center gap-2">
            {back}
            {o.status && <StatusPill>{humanize(o.status)}</StatusPill>}
            {o.channel && <StatusPill>{o.channel}</StatusPill>}
            {order.isFetching && (
              <span className="text-xs text-muted" aria-live="polite">
                Updating…
              </span>
            )}
          </div>
          <div className="grid gap-pad lg:grid-cols-2" data-testid="order-detail">
            <RecipientSection order={o} format={format} />
            <CustomerSection order={o} format={format} />
            <OrderSection order={o} format={format} />
            <ChannelSection order={o} format={format} />
            <ItemsSection order={o} format={format} />
            <MoneySection order={o} format={format} />
            <PaymentSection order={o} format={format} />
            <BillingSection order={o} format={format} />
            <NotesSection order={o} format={format} />
            <ShipmentsSection order={o} format={format} />
            <FulfillmentsSection order={o} format={format} />
            <DocumentsSection orderId={id} documents={documents} />
            <AddressCheckSection order={o} format={format} check={addressCheck} />
            <AutomationSection order={o} format={format} />
            <OtherFieldsCard value={o} shown={SHOWN_FIELDS} />
          </div>
        </ViewPage>
      )}
    </DetailFrame>
  );
}
