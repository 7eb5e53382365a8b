/**
 * Settings → Printing → Routes: for each kind of document, its printer, copies and paper, in
 * one form saved together (react-hook-form with the zod resolver). Only the routes that
 * changed are sent; the answer becomes the form's new starting point.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import {
  PRINT_ROUTE_KINDS,
  type PrintingSettings,
} from '../../../../shared/contract/printing-settings';
import type { PrinterView } from '../../../../shared/contract/printing-values';
import { Button } from '../../ui/button';
import { FormCard } from '../../ui/form-card';
import { toast } from '../../ui/toast-store';
import { RouteFieldset } from './route-fieldset';
import {
  type RoutesFormValues,
  routesFormSchema,
  routesFormValues,
  routesPatch,
} from './settings-form-schemas';
import { useSavePrinting } from './use-printing-settings';

export function RoutesForm({
  settings,
  printers,
}: {
  settings: PrintingSettings;
  printers: readonly PrinterView[];
}) {
  const saved = useMemo(() => routesFormValues(settings), [settings]);
  const schema = useMemo(() => routesFormSchema(PRINT_ROUTE_KINDS, printers), [printers]);
  const form = useForm<RoutesFormValues>({
    resolver: zodResolver(schema),
    defaultValues: saved,
    mode: 'onTouched',
  });
  const { save, problem, busy } = useSavePrinting();
  const { isDirty } = form.formState;

  // Settings changed elsewhere (another section's save answers with all of them): follow,
  // unless the person is in the middle of editing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(saved);
  }, [saved, form]);

  const submit = form.handleSubmit(async (values) => {
    const view = await save({ routes: routesPatch(saved, values) });
    if (!view) return;
    form.reset(routesFormValues(view.settings.printing));
    toast('Routes saved', { tone: 'success' });
  });

  return (
    <FormCard
      title="Routes"
      description="Which printer each kind of document goes to, how many copies and on what paper. The print dialog can change these for one job."
      label="Print routes"
      onSubmit={submit}
    >
      {PRINT_ROUTE_KINDS.map((kind) => (
        <RouteFieldset key={kind} kind={kind} form={form} printers={printers} settings={settings} />
      ))}
      {problem && (
        <p role="alert" className="rounded-md bg-danger-soft p-2 text-sm text-danger">
          The routes were not saved: {problem}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" tone="primary" disabled={!isDirty} busy={busy}>
          Save routes
        </Button>
        <Button disabled={!isDirty} onClick={() => form.reset(saved)}>
          Undo changes
        </Button>
      </div>
    </FormCard>
  );
}
