/**
 * Where each kind of document will go as the settings stand: printer, copies and paper, and
 * why it cannot print now when it cannot. Shown in the print dialog before any override.
 */
import type {
  PrintingSettings,
  PrintRouteKind,
} from '../../../../shared/contract/printing-settings';
import { ROUTE_LABELS } from '../../../../shared/contract/printing-settings';
import type { PrinterView } from '../../../../shared/contract/printing-values';
import { MEDIA_LABELS, printerLabel, summarizeRoute } from './route-summary';

export function RoutedList({
  kinds,
  settings,
  printers,
}: {
  kinds: readonly PrintRouteKind[];
  settings: PrintingSettings;
  printers: readonly PrinterView[];
}) {
  return (
    <ul aria-label="Where these documents print" className="flex flex-col gap-1 text-sm">
      {kinds.map((kind) => {
        const s = summarizeRoute(kind, settings, printers);
        return (
          <li
            key={kind}
            data-testid={`routed-${kind}`}
            className="rounded-md bg-raised px-2 py-1.5"
          >
            <span className="font-medium">{ROUTE_LABELS[kind]}</span>
            {': '}
            {printerLabel(s)}, {s.copies === 1 ? '1 copy' : `${s.copies} copies`},{' '}
            {MEDIA_LABELS[s.media]}
            {s.problem && <span className="block text-warn">{s.problem}</span>}
          </li>
        );
      })}
    </ul>
  );
}
