/**
 * Create order (`/orders/new`): every writable field of OrderRequest with its bounds, checked
 * before sending; what the API still refuses lands on the fields it names. The input is kept
 * as a draft (across a failed submit and a restart), and one order is never created twice:
 * the button is off while a create runs, and every create of a draft carries the draft's
 * reference, so the bridge finds an order a lost answer left behind instead of creating it
 * again. A person never has to judge whether to send again: it is always safe.
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
import { useOrderDraft } from './use-order-draft';

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

  const { schedule } = draft;
  useEffect(() => {
    const subscription = form.watch((values) => schedule(values as OrderFormValues));
    return () => subscription.unsubscribe();
  }, [form, schedule]);

  const send = async (values: OrderFormValues) => {
    if (inFlight.current) return;
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
        {lostAnswer && (
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
          <Button type="submit" tone="primary" busy={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create order'}
          </Button>
          <Button onClick={() => navigate('/orders')}>Back to orders</Button>
        </div>
      </form>
    </ViewPage>
  );
}
