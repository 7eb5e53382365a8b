/**
 * The pack log and printed marks across the floor, as a wrapper round the station's own
 * handlers (the packing and printing domains' own, passed in by the composition: domains do
 * not import each other). The station's local record is always written first, so nothing is
 * lost when the floor is away; then:
 *
 * - `packLogList` also reads the floor's log within the scan's budget, so "Already packed",
 *   "Packed today" and reprints are floor-wide (the gate's packed check reads this);
 * - `packLogRecord` writes the pack to the floor (at once, or queued while it is away);
 * - `packLogPrinted` and batches' `printedMarksList` make a label printed anywhere printed
 *   everywhere.
 *
 * With no floor configured, or the floor not answering in time, each answers exactly what the
 * station's own handler answers: nothing changes for a station alone.
 */
import type { PackedPrint, PackRecord } from '../../../../shared/contract/packing-values';
import type { PrintedMark } from '../../../../shared/contract/printing-values';
import type { HandlersFor } from '../../../kernel/handler-types';
import type { FloorPackStation } from './floor-pack-station';

type PackLogMethod = 'packLogList' | 'packLogRecord' | 'packLogPrinted';

export interface FloorPackLogDeps {
  floor: FloorPackStation;
  /** This station's name as people say it (the pack log's `station`). */
  station(): string;
  /** Told in words what the floor did not take (for the station's log). */
  problem?(message: string): void;
}

/** One record per order: the later pack wins; on a tie the floor's (it knows every station). */
export function mergeRecords(
  local: readonly PackRecord[],
  floor: readonly PackRecord[] | null,
): PackRecord[] {
  if (!floor) return [...local];
  const byOrder = new Map<number, PackRecord>();
  for (const r of local) byOrder.set(r.orderId, r);
  for (const r of floor) {
    const mine = byOrder.get(r.orderId);
    if (!mine || Date.parse(r.packedAt) >= Date.parse(mine.packedAt)) {
      byOrder.set(r.orderId, { ...r, times: Math.max(r.times, mine?.times ?? 0) });
    }
  }
  return [...byOrder.values()].sort((a, b) => Date.parse(b.packedAt) - Date.parse(a.packedAt));
}

/** Each order's last print of labels and of documents, wherever it was printed. */
export function mergeMarks(
  local: readonly PrintedMark[],
  floor: readonly PrintedMark[] | null,
): PrintedMark[] {
  const last = new Map<string, PrintedMark>();
  for (const m of [...local, ...(floor ?? [])]) {
    const key = `${m.orderId}/${m.what}`;
    const before = last.get(key);
    if (!before || Date.parse(m.at) > Date.parse(before.at)) last.set(key, m);
  }
  return [...last.values()];
}

export function withFloorPackLog(
  local: HandlersFor<PackLogMethod>,
  deps: FloorPackLogDeps,
): HandlersFor<PackLogMethod> {
  const problem = deps.problem ?? (() => {});
  /** A write to the floor; one that fails is said in words (the station's own log has it). */
  const toFloor = async (what: string, write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (error) {
      problem(`${what} was not written to the floor: ${(error as Error).message}`);
    }
  };
  /** The floor's marks hear of what was printed for the record's order, wherever. */
  const tellPrinted = (record: PackRecord, printed: readonly PackedPrint[]) =>
    deps.floor.printed(
      record.station || deps.station(),
      printed.map((p) => ({ orderId: record.orderId, ...p })),
    );
  return {
    packLogList: async (args, ctx) => {
      const mine = await local.packLogList(args, ctx);
      const floor = await deps.floor.records({
        ...(args.orderIds ? { orderIds: args.orderIds } : {}),
        ...(args.since ? { since: args.since } : {}),
      });
      return { records: mergeRecords(mine.records, floor) };
    },

    packLogRecord: async (args, ctx) => {
      const record = await local.packLogRecord(args, ctx);
      // Kept on the station when it fails: the floor is told when it can be.
      await toFloor(`The pack of ${record.orderName}`, async () => {
        const done = await deps.floor.packed({
          orderId: record.orderId,
          orderName: record.orderName,
          station: record.station || deps.station(),
          packer: record.packedBy,
          packedAt: record.packedAt,
          lines: record.lines,
          overrides: record.overrides ?? [],
        });
        if (done.written === 'queued' && done.message) problem(done.message);
        // A pack written with its prints (packComplete): the floor's marks hear of them too.
        if (record.printed.length > 0) await tellPrinted(record, record.printed);
      });
      return record;
    },

    packLogPrinted: async (args, ctx) => {
      const record = await local.packLogPrinted(args, ctx);
      await toFloor(`A print of ${record.orderName}`, () => tellPrinted(record, args.printed));
      return record;
    },
  };
}

/** Batches' printed marks (the Orders grid, "Select unprinted") with the floor's. */
export function withFloorMarks(
  local: HandlersFor<'printedMarksList'>,
  deps: Pick<FloorPackLogDeps, 'floor'>,
): HandlersFor<'printedMarksList'> {
  return {
    printedMarksList: async (args, ctx) => {
      const mine = await local.printedMarksList(args, ctx);
      const floor = await deps.floor.marks(args.orderIds);
      return { marks: mergeMarks(mine.marks, floor) };
    },
  };
}
