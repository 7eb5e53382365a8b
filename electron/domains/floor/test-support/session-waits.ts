/**
 * Waits on a floor session's own events, never on a clock: until its status is `wanted`, or
 * until `wanted` actions wait in its queue. Shared by the suites that take the floor away.
 */
import type { FloorSessionImpl } from '../floor-session';
import type { FloorStatus } from '../floor-types';

/** Resolves once `read()` is `wanted`, checking now and then on each change `on` reports. */
function until<T>(read: () => T, on: (listener: (value: T) => void) => () => void, wanted: T) {
  return new Promise<void>((resolve) => {
    if (read() === wanted) return resolve();
    const off = on((value) => {
      if (value !== wanted) return;
      off();
      resolve();
    });
  });
}

export const statusIs = (session: FloorSessionImpl, wanted: FloorStatus) =>
  until(
    () => session.status(),
    (listener) => session.onStatus(listener),
    wanted,
  );

export const pendingIs = (session: FloorSessionImpl, wanted: number) =>
  until(
    () => session.pending(),
    (listener) => session.onPending(listener),
    wanted,
  );
