/**
 * Where a draft's sent create stands (ordersCreatePending): what the create form shows after a
 * restart or a lost answer, before it lets the draft be sent again.
 */
import type { Api } from './values';

export type PendingCreateState =
  /** Nothing of this draft is pending: sending it is a first send (it still looks first). */
  | { state: 'none' }
  /**
   * Sent at `sentAt`, the order not seen yet: Packbench keeps looking until `checkUntil` (a
   * window well past the slowest create) and the draft cannot be sent again before.
   * `problem`: the last lookup could not be made (the service did not answer), in words.
   */
  | { state: 'checking'; sentAt: string; checkUntil: string; problem?: string }
  /** The order was found: it was created by that send. */
  | { state: 'created'; sentAt: string; order: Api['Order'] }
  /** The window passed and the service has no such order: not created, safe to send again. */
  | { state: 'not_created'; sentAt: string };
