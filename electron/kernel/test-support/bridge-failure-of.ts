/**
 * The typed failure a call ended in, for tests of what the bridge tells a person: its code and
 * message (and whatever else the failure carries). A call that succeeded, or failed with
 * anything but a BridgeFailure, fails the test here, naming what it got.
 */
import { BridgeFailure } from '../failure';

export async function bridgeFailureOf(promise: Promise<unknown>): Promise<BridgeFailure['error']> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof BridgeFailure)) throw new Error(`expected a BridgeFailure, got ${error}`);
  return error.error;
}
