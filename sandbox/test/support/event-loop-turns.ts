/**
 * Waits a number of turns of the event loop, not an amount of time: "it did not run ahead" and
 * "nothing more happened" hold after every timer-free callback queued meanwhile has had
 * `count` chances to run, however busy the machine. (A sleep of N ms proves nothing when the
 * machine is slow: the work it waits for may not have had a single turn.)
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

export async function eventLoopTurns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await nextTurn();
}
