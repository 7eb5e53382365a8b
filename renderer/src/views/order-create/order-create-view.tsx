/**
 * Create order (`/orders/new`): every writable field of OrderRequest with its bounds, checked
 * before sending; what the API still refuses lands on the fields it names. The input is kept
 * as a draft (across a failed submit and a restart), and one order is never created twice:
 * the button is off while a create runs, and every create of a draft carries the draft's
 * reference, so the bridge finds an order a lost answer left behind instead of creating it
 * again. A create that was sent and not yet seen (after a restart, a lost answer) is shown as
 * "Sent at 10:42, no answer yet — checking", and Create order stays off until the bridge has
 * found the order (then it opens) or the window has passed (then it may be sent again).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { BridgeCallError, callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';
import { toast } from '../../ui/toast-store';
import { ViewPage } from '../view-page';
import { mapFieldErrors } from './field-error-map';
import { OrderFormBody } from './order-form-body';
import {
  emptyOrderForm,
  type OrderFormValues,
  orderFormSchema,
  toOrderRequest,
} from './order-form-schema';
import { PendingCreateNotice } from './pending-create-notice';
import { useOrderDraft } from './use-order-draft';
import { usePendingCreate } from './use-pending-create';

export function OrderCreateView() {
  const draft = useOrderDraft();
  if (!draft.loaded) {
    return (
      <ViewPage title="Create order">
        <p aria-live="polite">Opening the form…</p>
      </ViewPage>
    );
  }
  return <CreateForm draft={draft} />;
}

function CreateForm({ draft }: { draft: ReturnType<typeof useOrderDraft> }) {
  const client = useBridge();
  const format = useFormatters();
  const [, navigate] = useLocation();
  const form = useForm<OrderFormValues>({
    resolver: zodResolver(orderFormSchema),
    defaultValues: draft.initial?.values ?? emptyOrderForm(),
    mode: 'onTouched',
  });
  const [restoredAt, setRestoredAt] = useState(draft.initial?.savedAt ?? null);
  const [general, setGeneral] = useState<string[]>([]);
  // After a create whose outcome the bridge could not learn (the API could not be asked).
  const [lostAnswer, setLostAnswer] = useState(false);
  // A second Enter can land before React re-renders the disabled button: guard by ref too.
  const inFlight = useRef(false);
  const create = useMutation({
    mutationFn: (order: Record<string, unknown>) =>
      callBridge(client, 'ordersCreate', { order, reference: draft.reference() }),
  });
  const pending = usePendingCreate(draft.reference());
  const checking = pending.state?.state === 'checking';

  // The order a sent create made was found (after a restart, or while checking): open it.
  const found = pending.state?.state === 'created' ? pending.state.order : null;
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (!found || opened.current === found.id) return;
    opened.current = found.id;
    void draft.clear().catch(() => undefined);
    toast(`Order ${found.order_name ?? `#${found.id}`} was created`, { tone: 'success' });
    navigate(`/orders/${found.id}`);
  }, [found, draft, navigate]);

  const { schedule } = draft;
  useEffect(() => {
    const subscription = form.watch((values) => schedule(values as OrderFormValues));
    return () => subscription.unsubscribe();
  }, [form, schedule]);

  const send = async (values: OrderFormValues) => {
    if (inFlight.current || checking) return;
    inFlight.current = true;
    setGeneral([]);
    setLostAnswer(false);
    try {
      const order = await create.mutateAsync(toOrderRequest(values));
      await draft.clear().catch(() => undefined);
      toast(`Order ${order.order_name ?? `#${order.id}`} created`, { tone: 'success' });
      navigate(`/orders/${order.id}`);
    } catch (error) {
      // Keep the input first: whatever happens next, the draft is on disk.
      await draft.saveNow(values).catch(() => undefined);
      if (error instanceof BridgeCallError && error.code === 'outcome_unknown') {
        setLostAnswer(true);
      } else if (error instanceof BridgeCallError && error.code === 'invalid_input') {
        const mapped = mapFieldErrors(error.error.fieldErrors, values);
        for (const [i, { path, message }] of mapped.fields.entries()) {
          const focus = { shouldFocus: i === 0 };
          form.setError(path as Path<OrderFormValues>, { type: 'server', message }, focus);
        }
        const rest =
          mapped.general.length > 0 || mapped.fields.length > 0 ? mapped.general : [error.message];
        setGeneral(rest);
      } else {
        setGeneral([errorMessage(error)]);
      }
    } finally {
      inFlight.current = false;
      // A failed send may have left a create pending at the bridge: show where it stands.
      void pending.recheck();
    }
  };

  const submit = form.handleSubmit((values) => void send(values));

  return (
    <ViewPage title="Create order">
      {restoredAt && (
        <div
          className="flex flex-wrap items-center gap-2 rounded-md bg-accent-soft p-2 text-sm"
          data-testid="draft-restored"
        >
          <span>Your draft from {format.dateTime(restoredAt)} was restored.</span>
          <Button
            tone="ghost"
            onClick={() => {
              form.reset(emptyOrderForm());
              setRestoredAt(null);
              void draft.clear().catch(() => undefined);
            }}
          >
            Discard draft
          </Button>
        </div>
      )}
      {/* At the top: after a restart it is the first thing the person must see. */}
      <PendingCreateNotice state={pending.state} />
      <form noValidate aria-label="New order" onSubmit={submit} className="flex flex-col gap-pad">
        <OrderFormBody form={form} />
        {general.length > 0 && (
          <div
            role="alert"
            className="rounded-md bg-danger-soft p-2 text-sm text-danger"
            data-testid="form-errors"
          >
            <p className="font-medium">The order was not created.</p>
            <ul className="list-disc pl-5">
              {general.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        )}
        {lostAnswer && !checking && (
          <div
            role="alert"
            className="rounded-md bg-warn-soft p-2 text-sm text-warn"
            data-testid="create-unknown"
          >
            <p className="font-medium">Packbench could not learn whether the order was created.</p>
            <p>
              The API did not answer, and could not be asked afterwards. Your input is kept.
              Pressing Create order again is safe: Packbench first looks for this order by its
              reference and creates it only if it is not there.
            </p>
          </div>
        )}
        <div className="sticky bottom-0 flex gap-2 border-t border-line bg-canvas py-2">
          <Button type="submit" tone="primary" busy={create.isPending} disabled={checking}>
            {create.isPending ? 'Creating…' : checking ? 'Checking…' : 'Create order'}
          </Button>
          <Button onClick={() => navigate('/orders')}>Back to orders</Button>
        </div>
      </form>
    </ViewPage>
  );
}
