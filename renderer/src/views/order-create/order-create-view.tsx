/**
 * Create order (`/orders/new`): every writable field of OrderRequest with its bounds, checked
 * before sending; what the API still refuses lands on the fields it names. The input is kept
 * as a draft (across a failed submit and a restart), and one order is never created twice:
 * the button is off while a create runs, and after a lost answer the person is asked to
 * search first.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { BridgeCallError, callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
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
import { PossibleDuplicate } from './possible-duplicate';
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
  // 'unknown' after a create's answer was lost: creating again asks first. A search that
  // finds nothing makes it 'checked' (safe to create; the search's answer stays on screen).
  const [lostAnswer, setLostAnswer] = useState<'no' | 'unknown' | 'checked'>('no');
  const [confirmAgain, setConfirmAgain] = useState(false);
  // A second Enter can land before React re-renders the disabled button: guard by ref too.
  const inFlight = useRef(false);
  const create = useMutation({
    mutationFn: (order: Record<string, unknown>) => callBridge(client, 'ordersCreate', { order }),
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
    try {
      const order = await create.mutateAsync(toOrderRequest(values));
      await draft.clear().catch(() => undefined);
      toast(`Order ${order.order_name ?? `#${order.id}`} created`, { tone: 'success' });
      navigate(`/orders/${order.id}`);
    } catch (error) {
      // Keep the input first: whatever happens next, the draft is on disk.
      await draft.saveNow(values).catch(() => undefined);
      if (error instanceof BridgeCallError && error.code === 'outcome_unknown') {
        setLostAnswer('unknown');
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

  const submit = form.handleSubmit((values) => {
    if (lostAnswer === 'unknown') setConfirmAgain(true);
    else void send(values);
  });

  const values = form.getValues();
  const searchFor = (values.order_name || values.external_id || values.recipient_name).trim();

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
        {lostAnswer !== 'no' && (
          <PossibleDuplicate
            query={searchFor}
            onSearched={(found) => setLostAnswer(found === 0 ? 'checked' : 'unknown')}
          />
        )}
        <div className="sticky bottom-0 flex gap-2 border-t border-line bg-canvas py-2">
          <Button type="submit" tone="primary" busy={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create order'}
          </Button>
          <Button onClick={() => navigate('/orders')}>Back to orders</Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmAgain}
        onOpenChange={setConfirmAgain}
        title="Create this order again?"
        description="The last attempt may have created it already. Search for it first unless you are sure it does not exist."
        confirmLabel="Create it anyway"
        onConfirm={() => {
          setLostAnswer('checked');
          void send(form.getValues());
        }}
      />
    </ViewPage>
  );
}
