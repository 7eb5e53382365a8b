/**
 * A batch's plan, from the selection and what is known of each order: which orders are skipped
 * before anything is asked for (not found at the API; no label, for labels), and the requests
 * that print the rest, in the selected order. Requests are chunks of the printable orders, one
 * per route group (documents on different printers are asked for separately), chunk by chunk.
 * Pure: no I/O, so every rule is tested on its own.
 */
import type { PrintMedia, PrintRouteKind } from '@shared/contract/printing-settings';
import type { BatchSkipCause, ResolvedRoute } from '@shared/contract/printing-values';
import type { JobOrder } from '../queue/types';
import type { DocumentKind } from './api-documents';
import type { FactsFound } from './facts-lookup';
import { chunks } from './pipeline';

/** One printer route of the batch; `kinds` undefined: the labels-batch endpoint. */
export interface RouteGroup {
  route: ResolvedRoute;
  kinds?: DocumentKind[];
}

/** One request of the batch: these orders, these kinds, to this route. */
export interface Step {
  orders: JobOrder[];
  kinds?: DocumentKind[];
  route: ResolvedRoute;
  /** Only shipping labels: its pages are the orders' labels, one each, in order. */
  labelsOnly: boolean;
}

export interface PlannedSkip {
  order: { id: number; name: string };
  cause: Extract<BatchSkipCause, 'no_label' | 'not_found'>;
  kind?: PrintRouteKind;
}

export interface Plan {
  steps: Step[];
  skipped: PlannedSkip[];
}

/** Each planned order's last step (its index): an order in two jobs has more after the first. */
export function lastStepOf(steps: readonly Step[]): Map<number, number> {
  const last = new Map<number, number>();
  steps.forEach((step, index) => {
    for (const o of step.orders) last.set(o.id, index);
  });
  return last;
}

export function isLabelsOnly(group: RouteGroup): boolean {
  return !group.kinds || (group.kinds.length === 1 && group.kinds[0] === 'shipping_label');
}

export function planBatch(
  ids: readonly number[],
  found: FactsFound,
  groups: readonly RouteGroup[],
  chunkSize: number,
  nameOf: (id: number) => string,
): Plan {
  const skipped: PlannedSkip[] = [];
  const printable: number[] = [];
  for (const id of ids) {
    const fact = found.get(id);
    if (!fact) {
      skipped.push({ order: { id, name: nameOf(id) }, cause: 'not_found' });
      continue;
    }
    let any = false;
    for (const group of groups) {
      if (isLabelsOnly(group) && fact.labels === 0) {
        skipped.push({
          order: { id, name: fact.name },
          cause: 'no_label',
          ...(group.kinds ? { kind: 'shipping_label' as const } : {}),
        });
      } else any = true;
    }
    if (any) printable.push(id);
  }
  const steps: Step[] = [];
  for (const part of chunks(printable, chunkSize)) {
    for (const group of groups) {
      const labelsOnly = isLabelsOnly(group);
      const orders: JobOrder[] = [];
      for (const id of part) {
        const fact = found.get(id);
        if (!fact || (labelsOnly && fact.labels === 0)) continue;
        orders.push(
          labelsOnly ? { id, name: fact.name, labels: fact.labels } : { id, name: fact.name },
        );
      }
      if (orders.length === 0) continue;
      steps.push({
        orders,
        route: group.route,
        labelsOnly,
        ...(group.kinds ? { kinds: group.kinds } : {}),
      });
    }
  }
  return { steps, skipped };
}

/** The label pages a labels step should come back with. */
export function expectedPages(step: Step): number | undefined {
  if (!step.labelsOnly) return undefined;
  let pages = 0;
  for (const order of step.orders) pages += order.labels ?? 0;
  return pages;
}

/**
 * Kinds sharing a printer, copies and paper are asked for together (one PDF, merged order by
 * order, in the order the kinds were given); others get their own request and job.
 */
export function groupKinds(
  kinds: readonly DocumentKind[],
  routeOf: (kind: DocumentKind) => ResolvedRoute,
  override: { printerId?: string; media?: PrintMedia },
): RouteGroup[] {
  const groups: (RouteGroup & { kinds: DocumentKind[] })[] = [];
  for (const kind of [...new Set(kinds)]) {
    const route = routeOf(kind);
    const same = groups.find(
      (g) =>
        g.route.printerId === route.printerId &&
        g.route.copies === route.copies &&
        (g.route.media === route.media || override.printerId !== undefined),
    );
    if (!same) {
      groups.push({ route, kinds: [kind] });
      continue;
    }
    same.kinds.push(kind);
    // One job of mixed 4x6 labels and A4 slips cannot be forced onto one paper size.
    if (same.route.media !== route.media && override.media === undefined) {
      same.route = { ...same.route, media: 'default' };
    }
  }
  return groups;
}
