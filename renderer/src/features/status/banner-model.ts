/**
 * What the status banner says, decided from the throttle state, the connectivity store and
 * the clock. Pure, so every case is tested without a browser. One banner at a time, the most
 * serious first: unreachable, then retrying, then waiting for the rate limit.
 *
 * "Retrying" shows only while the person waits for something (a query with nothing to show
 * yet, or an action in progress): the bridge also retries background refreshes, and a
 * banner over a screen whose data has loaded read as if the data were wrong.
 */
import type { ThrottleState } from '../../../../shared/contract/values';
import type { Unreachable } from '../../query/connectivity-store';

export interface BannerModel {
  kind: 'unreachable' | 'retrying' | 'rate-limit';
  tone: 'danger' | 'warning';
  title: string;
  detail: string;
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

function queuedText(state: ThrottleState): string {
  const { interactive, background } = state.queued;
  const total = interactive + background;
  if (total === 0) return 'Nothing is waiting.';
  const parts = [];
  if (interactive > 0) parts.push(`${interactive.toLocaleString('en')} for this screen`);
  if (background > 0) parts.push(`${background.toLocaleString('en')} in the background`);
  return `${plural(total, 'request', 'requests')} waiting (${parts.join(', ')}).`;
}

/**
 * The bridge words a 5xx as it reads once every try has failed ("… and did not recover after
 * several tries. Try again in a minute."); while tries remain, that would be untrue.
 */
export function attemptText(lastError: string): string {
  return lastError
    .replace(/\s*and did not recover after several tries\.?/i, '.')
    .replace(/\s*Try again in a minute\.?/i, '')
    .replace(/\.\.$/, '.')
    .trim();
}

export function bannerModel(
  throttle: ThrottleState | null,
  unreachable: Unreachable | null,
  now: number,
  /** Something on screen is still waiting for the API (false: everything shown has loaded). */
  waiting = true,
): BannerModel | null {
  const retrying = throttle?.retrying ?? { count: 0, lastError: null };
  if (unreachable) {
    const again =
      retrying.count > 0
        ? ` Retrying ${plural(retrying.count, 'request', 'requests')} now.`
        : ' Checking again every few seconds.';
    return {
      kind: 'unreachable',
      tone: 'danger',
      title: 'The API is not answering',
      detail: `${unreachable.message}${again}`,
    };
  }
  if (retrying.count > 0 && waiting) {
    return {
      kind: 'retrying',
      tone: 'warning',
      title: `Retrying ${plural(retrying.count, 'request', 'requests')}`,
      detail: retrying.lastError
        ? `The last attempt failed: ${attemptText(retrying.lastError)} Trying again.`
        : 'The API did not answer; trying again.',
    };
  }
  if (throttle?.pausedUntil != null && throttle.pausedUntil > now) {
    const seconds = Math.max(1, Math.ceil((throttle.pausedUntil - now) / 1000));
    return {
      kind: 'rate-limit',
      tone: 'warning',
      title: 'Waiting for the rate limit',
      detail: `The API asked Packbench to slow down; resuming in ${plural(seconds, 'second', 'seconds')}. ${queuedText(throttle)}`,
    };
  }
  return null;
}
