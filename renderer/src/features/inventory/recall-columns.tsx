/**
 * The recall list's columns: the recall (mandatory in the danger colour), the batch (with the
 * location's bins under it) and its product, the location holding it, the units there as on
 * hand, committed and available, and what was pulled off the shelf (a local mark) with what is
 * still on it. The expired batches' list has the same columns but the recall.
 */
import { Button } from '../../ui/button';
import type { Formatters } from '../../ui/format/formatters';
import { countColumn, formatOf, STRONG_NUMBER_COLUMN } from '../../ui/list/column-factories';
import { cellMeta, listColumns, NOWRAP_COLUMN } from '../../ui/list/list-columns';
import { binName } from './inventory-tables';
import { locationColumn, productColumn } from './product-cells';
import { onShelf, type PulledAtLocation } from './pulled-marks';
import type { HeldBatch, RecallEntry } from './recall-list';
import { Badge } from './stock-badges';
import { expiryText, recallBadge } from './stock-facts';

const col = listColumns<RecallEntry>();

/** What the batch cells share: the formatters, each row's pulled mark and the Pulled… action. */
export interface RecallMeta {
  format: Formatters;
  now: number;
  pulled(entry: HeldBatch): PulledAtLocation;
  onPull(entry: HeldBatch): void;
}
const recallMeta = (table: { options: { meta?: unknown } }) => cellMeta<RecallMeta>(table);

/** "Pulled 12 by Ana at 10:42" (the date too when it was not today). */
export function pulledWords(p: PulledAtLocation, format: Formatters, now: number): string | null {
  if (!p.latest) return null;
  const at = new Date(p.latest.pulledAt);
  const today = new Date(now).toDateString() === at.toDateString();
  const when = today
    ? `at ${at.toLocaleTimeString(format.locale, { hour: '2-digit', minute: '2-digit' })}`
    : `on ${format.dateTime(at)}`;
  return `Pulled ${format.number(p.quantity)} by ${p.latest.pulledBy} ${when}`;
}

/** The columns of a batch held at a location, for the recall list and the expired one. */
function heldBatchColumns<T extends HeldBatch>() {
  const hc = listColumns<T>();
  return hc.columns([
    hc.accessor((e) => e.batch.code, {
      id: 'batch',
      header: 'Batch',
      meta: NOWRAP_COLUMN,
      cell: ({ row: { original: e }, table }) => (
        <>
          <span className="whitespace-nowrap font-mono text-xs" data-field="batch">
            {e.batch.code}
          </span>
          {e.batch.expiresAt ? (
            <div className="text-xs text-muted">
              {expiryText(e.batch.daysUntilExpiry, formatOf(table).number) ??
                formatOf(table).date(e.batch.expiresAt)}
            </div>
          ) : null}
          {/* Where to look: under the batch, so the list keeps its width at 1280 pixels. */}
          <div className="max-w-44 text-xs whitespace-normal">
            <span className="text-muted">Bins: </span>
            <span className="font-mono" data-field="bins">
              {e.bins.length === 0
                ? '—'
                : e.bins.map((b, i) => (
                    <span key={`${b.id ?? 'none'}`}>
                      {i > 0 ? ' ' : ''}
                      {/* A bin code never breaks inside itself; the list wraps between codes. */}
                      <span className="whitespace-nowrap">
                        {binName(b)}
                        {i < e.bins.length - 1 ? ',' : ''}
                      </span>
                    </span>
                  ))}
            </span>
          </div>
        </>
      ),
    }),
    productColumn((e: T) => e.product),
    locationColumn((e: T) => e.location, { marked: true }),
    countColumn((e: T) => e.onHand, { id: 'on_hand', header: 'On hand' }),
    countColumn((e: T) => e.committed, { id: 'committed', header: 'Committed' }),
    countColumn((e: T) => e.available, {
      id: 'available',
      header: 'Available',
      meta: STRONG_NUMBER_COLUMN,
    }),
    hc.display({
      id: 'pulled',
      header: 'Pulled',
      cell: ({ row: { original: e }, table }) => {
        const { format, now, pulled, onPull } = recallMeta(table);
        const p = pulled(e);
        const words = pulledWords(p, format, now);
        return (
          <span className="flex min-w-32 flex-col items-start gap-1">
            <span className="flex flex-col text-xs leading-tight">
              {words ? <span data-field="pulled">{words}</span> : null}
              <span data-field="on-shelf">
                On shelf: {format.number(onShelf(e.onHand, p.quantity))}
              </span>
            </span>
            <Button
              tone="ghost"
              onClick={(event) => {
                event.stopPropagation();
                onPull(e);
              }}
              aria-label={`Pulled… ${e.batch.code} at ${e.location.code || e.location.name}`}
            >
              Pulled…
            </Button>
          </span>
        );
      },
    }),
  ]);
}

export const RECALL_COLUMNS = col.columns([
  col.accessor((e) => e.state, {
    id: 'recall',
    header: 'Recall',
    meta: NOWRAP_COLUMN,
    cell: ({ row: { original: e } }) => {
      const badge = recallBadge(e.state);
      return badge ? (
        <Badge tone={badge.tone} title={badge.description} kind={badge.kind}>
          {badge.label}
        </Badge>
      ) : null;
    },
  }),
  ...heldBatchColumns<RecallEntry>(),
]);

/** The expired batches' list: what the recall list shows, but the recall. */
export const EXPIRED_BATCH_COLUMNS = heldBatchColumns<HeldBatch>();

/** A recalled (or expired) batch at one location. */
export const recallRowId = (e: HeldBatch) => `${e.batch.id}@${e.location.id}`;
export const recallRowData = (e: RecallEntry) => ({
  'data-recall-row': recallRowId(e),
  'data-recall-state': e.state,
});
