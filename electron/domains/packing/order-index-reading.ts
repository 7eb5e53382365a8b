/**
 * The pack index's reading as a person sees it (issue 32: every walk bounded and visible):
 * which list is read, its pages read of the pages there are, the orders read, and the time
 * left at the rate so far, worked out on the index's own clock (tests move it by hand). Also
 * the words for why a reading ended without a whole index.
 */
import type { OrderIndexReading, OrderIndexStatus } from '@shared/contract/packing-values';
import type { Progress } from '@shared/contract/values';
import { isBridgeFailure } from '../../kernel/failure';
import type { PACKABLE_STAGES } from './order-index-store';

type Stage = (typeof PACKABLE_STAGES)[number];

/** What each list is, for a packer: the API's stage names are not shown. */
export const STAGE_PHASE: Record<Stage, string> = {
  labels: 'Reading the orders waiting for a label',
  open: 'Reading the open orders',
};

interface ListDone {
  pages: number;
  rows: number;
}

export class ReadingProgress {
  private readonly startedAt: number;
  private readonly done: ListDone[] = [];
  private list = { index: 0, phase: '', startedAt: 0 };
  private page: Omit<Progress, 'operationId'> | null = null;

  constructor(
    private readonly now: () => Date,
    private readonly lists: number,
    readonly byPerson: boolean,
  ) {
    this.startedAt = now().getTime();
  }

  /** A list starts (its own clock: a rate is the pages of this list over its time). */
  startList(index: number, stage: Stage): void {
    if (this.page) {
      this.done.push({ pages: this.page.pages?.done ?? 0, rows: this.page.done });
    }
    this.list = { index, phase: STAGE_PHASE[stage], startedAt: this.now().getTime() };
    this.page = null;
  }

  /** boundedWalk's progress for the list under way. */
  report(progress: Omit<Progress, 'operationId'>): void {
    this.page = progress;
  }

  view(): OrderIndexReading {
    const before = this.done.reduce((sum, d) => sum + d.rows, 0);
    const pages = this.page?.pages?.done ?? 0;
    const pagesTotal = this.page?.pages?.total ?? null;
    const rows = this.page?.done ?? 0;
    const rowsTotal = this.page?.total ?? null;
    return {
      phase: this.list.phase,
      list: this.list.index + 1,
      lists: this.lists,
      pages,
      pagesTotal,
      rows: before + rows,
      rowsTotal: rowsTotal === null ? null : before + rowsTotal,
      startedAt: new Date(this.startedAt).toISOString(),
      secondsLeft: this.secondsLeft(pages, pagesTotal),
      byPerson: this.byPerson,
    };
  }

  /** The pages left of this list at this list's rate so far; null before its first page. */
  private secondsLeft(pages: number, pagesTotal: number | null): number | null {
    const elapsed = this.now().getTime() - this.list.startedAt;
    if (pagesTotal === null || pages <= 0 || elapsed <= 0) return null;
    return Math.max(0, Math.round(((pagesTotal - pages) * elapsed) / pages / 1000));
  }
}

/** Why a reading ended without a whole index: a person's stop, the bound, or a failure. */
export function stoppedBy(
  error: unknown,
  byStop: boolean,
  at: Date,
): NonNullable<OrderIndexStatus['stopped']> {
  const iso = at.toISOString();
  if (byStop) {
    return { why: 'stopped', message: 'The reading of the orders to pack was stopped.', at: iso };
  }
  // boundedWalk refuses a list past its bound as invalid input with a sentence naming the
  // count and the bound, and no HTTP status (an API's own 400 has one).
  if (isBridgeFailure(error) && error.error.code === 'invalid_input' && !error.error.status) {
    return { why: 'bound', message: error.error.message, at: iso };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { why: 'failed', message: `The orders to pack could not be read: ${message}`, at: iso };
}

/** The floor's shared read, given up (not ended: it is the floor's) when the reading stops. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => {});
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
