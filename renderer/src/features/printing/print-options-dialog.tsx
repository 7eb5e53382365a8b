/**
 * The print dialog: shows where the chosen kinds of document will print as routed (printer,
 * copies, paper) and lets the person change printer, copies or paper for this job only. Only
 * printers that take every chosen kind's format are offered, so a ZPL label is never sent to
 * a PDF-only printer from here. `onConfirm` gets just what was changed; the main process
 * applies the rest of the route and checks again.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { PrintRouteKind } from '../../../../shared/contract/printing-settings';
import { PRINT_ROUTE_KINDS } from '../../../../shared/contract/printing-settings';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { InputField, Options, registered, SelectField } from '../../ui/form-controls';
import { useSettings } from '../preferences/use-settings';
import { MediaOptions } from './media-options';
import {
  emptyOverride,
  type OverrideFormValues,
  overrideFormSchema,
  type PrintOverride,
  toOverride,
} from './print-override-schema';
import { printersFor } from './route-summary';
import { RoutedList } from './routed-list';
import { usePrinters } from './use-printers';

export interface PrintOptionsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  kinds: PrintRouteKind[];
  confirmLabel?: string;
  /** Said above the options (e.g. how many of the orders were printed before). */
  notice?: ReactNode;
  onConfirm(override: PrintOverride): void;
}

export function PrintOptionsDialog(props: PrintOptionsDialogProps) {
  const { open, onOpenChange, title, kinds, confirmLabel = 'Print', onConfirm } = props;
  const settings = useSettings();
  const printers = usePrinters();
  const form = useForm<OverrideFormValues>({
    resolver: zodResolver(overrideFormSchema),
    defaultValues: emptyOverride,
    mode: 'onTouched',
  });
  // Each opening starts from the route again: an override is for one job only.
  useEffect(() => {
    if (open) form.reset(emptyOverride);
  }, [open, form]);

  const choices = printersFor(kinds, printers.data?.printers ?? []);
  const loadError = settings.error ?? printers.error;
  const ordered = PRINT_ROUTE_KINDS.filter((k) => kinds.includes(k));

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="As routed in Settings → Printing, unless you change it here for this job."
    >
      <form
        noValidate
        aria-label="Print options"
        className="flex flex-col gap-gap"
        onSubmit={form.handleSubmit((values) => {
          onConfirm(toOverride(values));
          onOpenChange(false);
        })}
      >
        {props.notice}
        {settings.data && printers.data ? (
          <RoutedList
            kinds={ordered}
            settings={settings.data.settings.printing}
            printers={printers.data.printers}
          />
        ) : loadError ? (
          <p role="alert" className="rounded-md bg-danger-soft p-2 text-sm text-danger">
            The routes could not be read: {errorMessage(loadError)}
          </p>
        ) : (
          <p className="text-sm text-muted">Reading the routes…</p>
        )}
        {printers.data?.problem && (
          <p className="rounded-md bg-warn-soft p-2 text-sm text-warn">{printers.data.problem}</p>
        )}
        <SelectField label="Printer" {...registered(form, 'printerId')}>
          <option value="">As routed</option>
          <Options
            items={choices}
            value={(p) => p.id}
            label={(p) => `${p.name}${p.accepting ? '' : ' (not accepting jobs)'}`}
          />
        </SelectField>
        <div className="grid grid-cols-2 gap-gap">
          <InputField
            label="Copies"
            hint="Empty: as routed."
            {...registered(form, 'copies')}
            inputMode="numeric"
            placeholder="As routed"
          />
          <SelectField label="Paper" {...registered(form, 'media')}>
            <option value="">As routed</option>
            <MediaOptions />
          </SelectField>
        </div>
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" tone="primary">
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
