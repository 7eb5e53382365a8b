/**
 * Printed marks made anywhere reach the floor (issue 29: "a label printed at the office desk is
 * printed at the pack stations"). The printing domain writes its marks with each batch's
 * entries in the station's local store; this follows that store's changes and hands each mark
 * it has not sent yet to the floor (a floor write: at once, or queued while the floor is away;
 * the job id makes a mark sent twice one mark). The composition passes the two functions, so
 * the floor does not import the printing domain.
 */
import type { PrintedMark } from '../../../../shared/contract/printing-values';
import type { FloorPrint } from './pack-log-floor';

export interface MarksFollowerDeps {
  /** The station's printed marks now (all of them: one per order and kind). */
  list(): PrintedMark[];
  /** Calls back when the store's collections change; returns the unsubscribe. */
  onChange(fn: () => void): () => void;
  /** Sends marks to the floor (FloorPackStation.printed for this station). */
  send(prints: FloorPrint[]): Promise<unknown>;
  problem?(message: string): void;
}

const keyOf = (m: PrintedMark) => `${m.orderId}/${m.what}/${m.jobId}`;

/**
 * Starts following: the marks present at start are taken as already known (the floor got them
 * when they were made, or they predate the floor); each new or replaced mark is sent once.
 * Returns the stop.
 */
export function followPrintedMarks(deps: MarksFollowerDeps): () => void {
  const sent = new Set(deps.list().map(keyOf));
  let sending: Promise<void> = Promise.resolve();
  const check = () => {
    const fresh = deps.list().filter((m) => !sent.has(keyOf(m)));
    if (fresh.length === 0) return;
    for (const m of fresh) sent.add(keyOf(m));
    // One send at a time, in the order marks were made.
    sending = sending.then(async () => {
      try {
        await deps.send(
          fresh.map((m) => ({
            orderId: m.orderId,
            kind: m.what,
            printer: m.printer,
            jobId: m.jobId,
            at: m.at,
          })),
        );
      } catch (error) {
        deps.problem?.(`Printed marks were not sent to the floor: ${(error as Error).message}`);
      }
    });
  };
  return deps.onChange(check);
}
