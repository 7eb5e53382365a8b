/**
 * A batch's account, order by order: queued in a job, or skipped with a cause; the rest not
 * reached. printBatch (batch-print.ts) adds to it as it goes and answers with its outcome.
 */
import type { PrintRouteKind } from '@shared/contract/printing-settings';
import type {
  BatchOrder,
  BatchSkipCause,
  PrintBatchSummary,
  PrintJobView,
  PrintOutcome,
} from '@shared/contract/printing-values';
import type { Step } from './batch-plan';
import type { BatchEntry } from './batch-record';
import type { OrderFacts } from './order-facts';

export const SKIP_REASONS: Record<Exclude<BatchSkipCause, 'refused'>, string> = {
  no_label: 'No shipping label.',
  not_found: 'Not found: the API has no such order.',
  not_reached: 'Not reached.',
  may_have_printed: 'May have printed at another station: check there before printing it again.',
};

/** Per order: queued in a job, or skipped with a cause; the rest not reached. */
export class Tally {
  readonly jobs: PrintJobView[] = [];
  private readonly queuedIds = new Set<number>();
  private readonly skips: BatchEntry[] = [];
  private readonly nameById = new Map<number, string>();

  constructor(
    private readonly ids: readonly number[],
    facts: OrderFacts,
  ) {
    this.names(facts);
  }

  /** Names from what is known now; a name already known is kept over "Order <id>". */
  names(facts: OrderFacts): void {
    for (const id of this.ids) {
      const name = facts.nameOf(id);
      if (!this.nameById.has(id) || !name.startsWith('Order ')) this.nameById.set(id, name);
    }
  }

  name(id: number, name: string): void {
    this.nameById.set(id, name);
  }

  queuedEarlier(id: number): void {
    this.queuedIds.add(id);
  }

  orders(): BatchOrder[] {
    return this.ids.map((id) => ({ id, name: this.nameById.get(id) ?? `Order ${id}` }));
  }

  queued(step: Step, job: PrintJobView): void {
    this.jobs.push(job);
    for (const o of step.orders) this.queuedIds.add(o.id);
  }

  skip(entry: BatchEntry): void {
    this.skips.push(entry);
  }

  outcome(
    batch: Pick<PrintBatchSummary, 'id' | 'title' | 'what' | 'state'>,
    notReachedReason?: string,
  ): PrintOutcome {
    const skippedIds = new Set(this.skips.map((s) => s.id));
    const notReached = this.ids.filter((id) => !this.queuedIds.has(id) && !skippedIds.has(id));
    const entries: { id: number; cause: BatchSkipCause; reason: string; kind?: PrintRouteKind }[] =
      [
        ...this.skips.map((s) => ({
          id: s.id,
          cause: s.outcome as BatchSkipCause,
          reason: s.reason ?? '',
          ...(s.kind ? { kind: s.kind } : {}),
        })),
        ...notReached.map((id) => ({
          id,
          cause: 'not_reached' as const,
          reason: notReachedReason ?? SKIP_REASONS.not_reached,
        })),
      ];
    // One entry per cause, reason and kind, its orders in the selected order.
    const position = new Map(this.ids.map((id, i) => [id, i]));
    entries.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    const groups = new Map<string, PrintOutcome['skipped'][number]>();
    for (const e of entries) {
      const key = `${e.cause}\u0000${e.reason}\u0000${e.kind ?? ''}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          orderIds: [],
          orders: [],
          cause: e.cause,
          reason: e.reason,
          ...(e.kind ? { kind: e.kind } : {}),
        };
        groups.set(key, group);
      }
      group.orderIds?.push(e.id);
      group.orders?.push({ id: e.id, name: this.nameById.get(e.id) ?? `Order ${e.id}` });
    }
    const skippedOnly = [...skippedIds].filter((id) => !this.queuedIds.has(id)).length;
    return {
      jobs: this.jobs,
      skipped: [...groups.values()],
      batch: {
        ...batch,
        selected: this.ids.length,
        queued: this.queuedIds.size,
        skipped: skippedOnly,
        notReached: notReached.length,
      },
    };
  }
}
