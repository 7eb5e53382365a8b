/**
 * What the last scan did, in a live region: looking up, held for a dialog, nothing found
 * (with what was looked in), a short pick list when several things share the code, what was
 * opened, and the jobs its printing queued with a Reprint button each.
 */
import { useEffect, useRef } from 'react';
import { Button } from '../../ui/button';
import { OrderIndexProgress } from '../packing/order-index-line';
import { useOrderIndexStatus } from '../packing/use-order-index';
import { usePrintJobs } from '../printing/use-print-jobs';
import { useReprintJob } from '../printing/use-reprint-job';
import { kindNoun, type ScanHit } from './scan-kinds';
import { useScanStore } from './scan-store';

function PrintedJobs() {
  const printed = useScanStore((s) => s.printed);
  const live = usePrintJobs();
  const reprint = useReprintJob('Reprint failed');
  if (!printed) return null;
  const stateOf = (id: string) => live.data?.jobs.find((j) => j.id === id)?.state;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="scan-printed">
      <span className="font-medium">Printed for {printed.orderName}:</span>
      {printed.jobs.length === 0 && <span>nothing.</span>}
      <ul aria-label="Printed for the last scan" className="contents">
        {printed.jobs.map((job) => (
          <li key={job.id} className="flex items-center gap-1">
            <span>
              {job.title} → {job.printerName} ({stateOf(job.id) ?? job.state})
            </span>
            <Button
              tone="ghost"
              busy={reprint.isPending && reprint.variables === job.id}
              onClick={() => reprint.mutate(job.id)}
              aria-label={`Reprint ${job.title}`}
            >
              Reprint
            </Button>
          </li>
        ))}
      </ul>
      {printed.problems.map((p) => (
        <span key={p} className="text-warn">
          {p}
        </span>
      ))}
    </div>
  );
}

function PickList({
  code,
  hits,
  onPick,
}: {
  code: string;
  hits: ScanHit[];
  onPick(code: string, hit: ScanHit): void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  // The scanner's hand is on the keyboard: the first choice takes the focus, arrows/Tab move.
  useEffect(() => first.current?.focus(), []);
  return (
    <div>
      <p className="font-medium">
        {hits.length}{' '}
        {hits.every((h) => h.kind === hits[0]?.kind) ? `${kindNoun(hits[0]!.kind)}s` : 'matches'}{' '}
        match “{code}”. Which one?
      </p>
      <ul aria-label="Matches for the scan" className="mt-1 flex flex-wrap gap-1">
        {hits.map((hit, i) => (
          <li key={`${hit.kind}:${hit.id}`}>
            <Button ref={i === 0 ? first : undefined} onClick={() => onPick(code, hit)}>
              {hit.title}
              {hit.detail ? ` — ${hit.detail}` : ''} ({hit.field})
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A scan waiting on the first reading of the orders to pack (the first storefront or external
 * id this station looks up): that reading, with Stop, instead of a bare "Looking up…".
 */
function IndexWait() {
  const status = useOrderIndexStatus();
  if (!status?.reading || status.refreshedAt !== null) return null;
  return <OrderIndexProgress reading={status.reading} />;
}

/** Why storefront and external ids were not (or not freshly) looked up, after "not found". */
function IndexNote() {
  const status = useOrderIndexStatus();
  const stopped = status?.stopped;
  if (!status || !stopped || stopped.why === 'failed') return null;
  const text =
    stopped.why === 'bound'
      ? stopped.message
      : status.refreshedAt === null
        ? 'Storefront and external ids were not looked up: reading the orders to pack was stopped. Read them again on the Pack page.'
        : 'Storefront and external ids were looked up in the orders read before the last reading was stopped. Read them again on the Pack page.';
  return (
    <p className="text-warn" data-testid="scan-index-note">
      {text}
    </p>
  );
}

const ASKED: Record<string, string> = {
  order: 'orders',
  return: 'returns',
  product: 'products',
  shipment: 'shipments',
};

/** "a, b or c". */
function orList(words: readonly string[]): string {
  return words.length < 2
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

export function ScanResult({ onPick }: { onPick(code: string, hit: ScanHit): void }) {
  const state = useScanStore((s) => s.state);
  const printed = useScanStore((s) => s.printed);
  return (
    <div
      aria-live="polite"
      className="flex flex-col gap-1 text-sm"
      data-testid="scan-result"
      data-state={state.kind}
    >
      {state.kind === 'searching' && (
        <>
          <p>Looking up “{state.code}”…</p>
          <IndexWait />
        </>
      )}
      {state.kind === 'held' && <p>Scanned “{state.code}”: it opens when you close the dialog.</p>}
      {state.kind === 'none' && (
        <p role="alert" className="font-medium text-danger">
          {state.asked.includes('order') ? (
            // The order lookup asked the station's index of packable orders too (storefront
            // and external ids): say exactly that, as a storefront id is what most often
            // fails here.
            <>
              “{state.code}” is not among the orders waiting to be packed, and no{' '}
              {orList(['other order', ...state.asked.filter((k) => k !== 'order').map(kindNoun)])}{' '}
              has it.
            </>
          ) : (
            <>
              Nothing matches “{state.code}” (looked in{' '}
              {state.asked.map((k) => ASKED[k]).join(', ')}).
            </>
          )}{' '}
          Check the label, or search by name.
        </p>
      )}
      {state.kind === 'none' && state.asked.includes('order') && <IndexNote />}
      {state.kind === 'error' && (
        <p role="alert" className="font-medium text-danger">
          “{state.code}” could not be looked up: {state.message}
        </p>
      )}
      {state.kind === 'several' && <PickList code={state.code} hits={state.hits} onPick={onPick} />}
      {state.kind === 'opened' && (
        <p>
          Opened {kindNoun(state.hit.kind)} {state.hit.title}
          {state.printing ? ', printing…' : '.'}
        </p>
      )}
      {printed && state.kind === 'opened' && state.hit.kind === 'order' && <PrintedJobs />}
    </div>
  );
}
