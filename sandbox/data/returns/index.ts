/**
 * The returns worklist: about one return per ten orders (round(200 × scale), at least 10),
 * drawn from shipped and delivered orders. Built once, newest first; ids count up from 1 in
 * request order, so the oldest return is RMA …000001. see sandbox/README.md for the
 * choices the spec leaves open.
 */
import { catalogBySku } from '../catalog';
import { recordSeed } from '../seeded';
import type { CatalogProduct, DatasetOptions, OrderRow, OrderStore } from '../types';
import { draftReturn, type ReturnDraft } from './return-draft';
import { buildReturnRecord } from './return-record';
import type { ReturnRequest } from './return-types';

export {
  isOpenReturn,
  OPEN_STATUSES,
  returnLabelContentType,
  returnSearchText,
} from './return-status';
export {
  RETURN_REASONS,
  RETURN_RESOLUTIONS,
  RETURN_SOURCES,
  RETURN_STATUSES,
} from './return-types';

export function returnCount(scale: number): number {
  return Math.max(10, Math.round(200 * scale));
}

/** Record numbers of the drafts: order id + copy × stride (order ids stay far below it). */
const COPY_STRIDE = 0x0040_0000;
/** Record numbers of the selection draw: apart from the drafts'. */
const SELECTION_DRAW = 0x4000_0000;

export function buildReturns(
  opts: DatasetOptions,
  orders: OrderStore,
  catalog: readonly CatalogProduct[],
): ReturnRequest[] {
  const bySku = catalogBySku(catalog);
  const drafts: { draft: ReturnDraft; order: number; copy: number }[] = [];
  for (const { id, copy } of chooseOrders(opts.seed, orders.rows, returnCount(opts.scale))) {
    const order = orders.returnView ? orders.returnView(id) : orders.get(id);
    if (!order) continue;
    const draft = draftReturn(opts.seed, opts.now, order, id + copy * COPY_STRIDE, bySku, catalog);
    drafts.push({ draft, order: id, copy });
  }
  drafts.sort(
    (a, b) =>
      a.draft.timeline.requested - b.draft.timeline.requested ||
      a.order - b.order ||
      a.copy - b.copy,
  );
  const returns = drafts.map((d, i) => buildReturnRecord(d.draft, i + 1));
  return returns.reverse();
}

/**
 * Which orders come back: shipped and delivered ones, delivered four times as likely (most
 * returns follow delivery), picked by a per-order hash so the choice does not depend on the
 * order of the rows. With fewer candidates than returns (tiny scales), an order comes back
 * more than once (`copy` 1, 2, …), as a second return of the same order would.
 */
function chooseOrders(
  seed: number,
  rows: readonly OrderRow[],
  count: number,
): { id: number; copy: number }[] {
  let candidates = rows.filter((r) => r.stage === 'delivered' || r.stage === 'shipped');
  if (candidates.length === 0) candidates = [...rows];
  if (candidates.length === 0) return [];
  const scores = new Float64Array(candidates.length);
  candidates.forEach((r, i) => {
    const u = recordSeed(seed, 'return', SELECTION_DRAW + r.id) / 4_294_967_296;
    scores[i] = r.stage === 'shipped' ? u * 4 : u;
  });
  // Only the `count` lowest scores are used: sort those (and any tied with the last of them)
  // rather than every candidate, as objects (at scale 100, 20,000 of ~130,000). A numeric
  // sort of the scores alone finds where they end.
  let order: number[];
  if (count < candidates.length) {
    const cut = Float64Array.from(scores).sort()[count - 1]!;
    order = [];
    for (let i = 0; i < scores.length; i++) if (scores[i]! <= cut) order.push(i);
  } else {
    order = Array.from(candidates, (_, i) => i);
  }
  order.sort((a, b) => scores[a]! - scores[b]! || candidates[a]!.id - candidates[b]!.id);
  const chosen: { id: number; copy: number }[] = [];
  for (let i = 0; i < count; i++) {
    // With fewer candidates than returns every candidate is in `order`, so copies wrap.
    chosen.push({
      id: candidates[order[i % candidates.length]!]!.id,
      copy: Math.floor(i / candidates.length),
    });
  }
  return chosen;
}
