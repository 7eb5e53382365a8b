/**
 * Waits on a floor session's own events, never on a clock: until its status is `wanted`, or
 * until `wanted` actions wait in its queue. Shared by the suites that take the floor away.
 */
import type { FloorSessionImpl } from '../floor-session';
import type { FloorStatus } from '../floor-types';

export const statusIs = (session: FloorSessionImpl, wanted: FloorStatus) =>
  new Promise<void>((resolve) => {
    if (session.status() === wanted) return resolve();
    const off = session.onStatus((status) => {
      if (status !== wanted) return;
      off();
      resolve();
    });
  });

export const pendingIs = (session: FloorSessionImpl, wanted: number) =>
  new Promise<void>((resolve) => {
    if (session.pending() === wanted) return resolve();
    const off = session.onPending((count) => {
      if (count !== wanted) return;
      off();
      resolve();
    });
  });
