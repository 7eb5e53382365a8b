/**
 * Where "Print the rest" of a batch would print at this station, in words, for the print
 * queue's row before the click: a batch begun at another station prints on this station's
 * printers for each kind it asked for (its labels on the label printer here, its packing slips
 * on the document printer here), never on the printer the other station chose.
 */
import { type PrintRouteKind, ROUTE_LABELS } from '@shared/contract/printing-settings';
import type { PrinterView } from '@shared/contract/printing-values';
import type { RouteGroup } from './batch-plan';
import { RouteError } from './routing';

/** "Prints here on Zebra ZD420", or per printer: "Prints here: packing slips on Laser, …". */
export function printsToLine(groups: readonly RouteGroup[], printers: readonly PrinterView[]) {
  const nameOf = (id: string) => printers.find((p) => p.id === id)?.name ?? id;
  const byPrinter = new Map<string, PrintRouteKind[]>();
  for (const g of groups) {
    const kinds = g.kinds ?? ['shipping_label'];
    byPrinter.set(g.route.printerId, [...(byPrinter.get(g.route.printerId) ?? []), ...kinds]);
  }
  if (byPrinter.size === 1) return `Prints here on ${nameOf([...byPrinter.keys()][0] ?? '')}.`;
  const parts = [...byPrinter].map(
    ([id, kinds]) => `${kinds.map((k) => kindWords(k)).join(' and ')} on ${nameOf(id)}`,
  );
  return `Prints here: ${parts.join('; ')}.`;
}

/** The words for a route that cannot be resolved now (no such printer here): said, not hidden. */
export function routeProblem(error: unknown): string | undefined {
  return error instanceof RouteError ? `Cannot print here yet: ${error.message}` : undefined;
}

function kindWords(kind: PrintRouteKind): string {
  // "Shipping labels (orders)" reads as "shipping labels" inside a sentence.
  return ROUTE_LABELS[kind].replace(/ \(.*\)$/, '').toLowerCase();
}
