/**
 * One document kind's route in the routes form: printer (only those that take the kind's
 * format; none chosen = the fallback, named), copies and paper, and its test page.
 */
import type { UseFormReturn } from 'react-hook-form';
import {
  type PrintingSettings,
  type PrintRouteKind,
  ROUTE_LABELS,
} from '../../../../shared/contract/printing-settings';
import type { PrinterView } from '../../../../shared/contract/printing-values';
import { InputField, Options, registered, SelectField } from '../../ui/form-controls';
import { MediaOptions } from './media-options';
import { displayId, fallbackPrinter, formatOf, summarizeRoute } from './route-summary';
import type { RoutesFormValues } from './settings-form-schemas';
import { TestPageButton } from './test-page-button';

export function RouteFieldset({
  kind,
  form,
  printers,
  settings,
}: {
  kind: PrintRouteKind;
  form: UseFormReturn<RoutesFormValues>;
  printers: readonly PrinterView[];
  settings: PrintingSettings;
}) {
  const dirty = Boolean(form.formState.dirtyFields[kind]);
  const format = formatOf(kind);
  const fitting = printers.filter((p) => p.accepts.includes(format));
  const saved = settings.routes[kind].printerId;
  const fallbackId = fallbackPrinter(format, printers);
  const fallbackName = printers.find((p) => p.id === fallbackId)?.name ?? 'Save to folder';
  const current = summarizeRoute(kind, settings, printers);
  return (
    <fieldset data-testid={`route-${kind}`} className="border-t border-line pt-gap">
      <legend className="pb-1 text-sm font-semibold">
        {ROUTE_LABELS[kind]}
        <span className="ml-2 text-xs font-normal text-muted">{format.toUpperCase()}</span>
      </legend>
      <div className="grid grid-cols-1 gap-gap sm:grid-cols-[2fr_6rem_1.5fr_auto] sm:items-start">
        <SelectField label="Printer" {...registered(form, `${kind}.printerId`)}>
          <option value="">
            {format === 'zpl' ? `Not chosen (${fallbackName})` : `System default (${fallbackName})`}
          </option>
          {saved && !fitting.some((p) => p.id === saved) && (
            <option value={saved}>{displayId(saved)} (not available now)</option>
          )}
          <Options items={fitting} value={(p) => p.id} label={(p) => p.name} />
        </SelectField>
        <InputField label="Copies" {...registered(form, `${kind}.copies`)} inputMode="numeric" />
        <SelectField label="Paper" {...registered(form, `${kind}.media`)}>
          <MediaOptions />
        </SelectField>
        <TestPageButton
          kind={kind}
          // The test page goes through the route as saved: unsaved changes would mislead.
          disabled={dirty}
          label={`Print test page: ${ROUTE_LABELS[kind]}`}
          className="sm:mt-6"
        />
      </div>
      {dirty ? (
        <p className="mt-1 text-xs text-muted">Save the routes to print a test page with this.</p>
      ) : (
        current.problem && <p className="mt-1 text-sm text-warn">{current.problem}</p>
      )}
    </fieldset>
  );
}
