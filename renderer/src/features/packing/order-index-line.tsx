/**
 * The station's index of orders to pack, in words a packer reads (issue 32): while it is read,
 * which list, the pages read of the pages there are, the orders and the time left, with Stop;
 * once read, how many orders and when, with Read again; stopped or past its bound, why, and
 * what that means for a scan. The scan bar shows the reading while a scan waits on it.
 */
import { RefreshCw, X } from 'lucide-react';
import type {
  OrderIndexReading,
  OrderIndexStatus,
} from '../../../../shared/contract/packing-values';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';
import { useOrderIndexStatus, useReadOrderIndex, useStopOrderIndex } from './use-order-index';

/** "about 40 s left", "about 3 min left"; null while too early to tell. */
function timeLeft(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return `about ${Math.max(1, seconds)} s left`;
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min left`;
  return `about ${Math.round(seconds / 360) / 10} h left`;
}

/**
 * "Reading the orders waiting for a label (list 1 of 2): page 3 of 10, 1,500 of 4,980 orders,
 * about 20 s left".
 */
export function readingText(reading: OrderIndexReading, n: (value: number) => string): string {
  const head = `${reading.phase} (list ${reading.list} of ${reading.lists})`;
  if (reading.pages === 0) return `${head}…`;
  const parts = [
    reading.pagesTotal === null
      ? `page ${n(reading.pages)}`
      : `page ${n(reading.pages)} of ${n(reading.pagesTotal)}`,
    reading.rowsTotal === null
      ? `${n(reading.rows)} orders`
      : `${n(reading.rows)} of ${n(reading.rowsTotal)} orders`,
  ];
  const left = timeLeft(reading.secondsLeft);
  if (left) parts.push(left);
  return `${head}: ${parts.join(', ')}`;
}

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** What the index holds and why it is not newer, in one sentence. */
export function indexSummary(status: OrderIndexStatus, n: (value: number) => string): string {
  const held =
    status.refreshedAt === null
      ? 'No orders to pack read yet'
      : `${n(status.count)} order${status.count === 1 ? '' : 's'} to pack, read at ${clock(status.refreshedAt)}`;
  const stopped = status.stopped;
  if (!stopped) {
    return status.refreshedAt === null
      ? `${held}: they are read at the first scan of an id the search does not know.`
      : `${held}.`;
  }
  const why =
    stopped.why === 'stopped'
      ? `Reading them was stopped at ${clock(stopped.at)}; nothing is read until you press Read again.`
      : stopped.message;
  return `${held}. ${why}`;
}

/** The reading under way, with Stop (the pack page and the scan bar). */
export function OrderIndexProgress({ reading }: { reading: OrderIndexReading }) {
  const format = useFormatters();
  const stop = useStopOrderIndex();
  const share =
    reading.pagesTotal && reading.pagesTotal > 0
      ? Math.min(1, reading.pages / reading.pagesTotal)
      : null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="order-index-progress">
      {share !== null ? (
        <progress className="h-2 w-32" max={1} value={share} aria-label="Pages read" />
      ) : null}
      <p aria-live="polite">{readingText(reading, format.number)}</p>
      <Button tone="ghost" busy={stop.isPending} onClick={() => stop.mutate()}>
        <X aria-hidden className="size-4" />
        Stop
      </Button>
    </div>
  );
}

/** The pack page's line: the index, its reading or why it stopped, Stop or Read again. */
export function OrderIndexLine() {
  const status = useOrderIndexStatus();
  const format = useFormatters();
  const read = useReadOrderIndex();
  if (!status) return null;
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="order-index">
      {status.reading ? (
        <OrderIndexProgress reading={status.reading} />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <p
            data-testid="order-index-summary"
            className={status.stopped && status.stopped.why !== 'stopped' ? 'text-warn' : undefined}
          >
            {indexSummary(status, format.number)}
          </p>
          <Button tone="ghost" busy={read.isPending} onClick={() => read.mutate()}>
            <RefreshCw aria-hidden className="size-4" />
            {status.refreshedAt === null && !status.stopped ? 'Read now' : 'Read again'}
          </Button>
        </div>
      )}
    </div>
  );
}
