/**
 * The returns-clerk bench's marks part (issue 32): a key that records something in the split
 * view → the frame that paints it. `r` records a line's disposition (received, or undone: each
 * press toggles, so every sample is a real write to the local store); `m`, in the same run on
 * the same page, marks the return reviewed (or undoes it) — the floor beside it: the same
 * kind of local write and paint the console already had. Each sample starts once nothing is
 * in flight, as a clerk's next key comes after a look.
 */
import type { Page } from '@playwright/test';
import { type BenchRow, percentile } from './table';
import { quiet } from './ui-orders-probe';

const round = (n: number, digits = 1) => Number(n.toFixed(digits));

/** One key press → the frame painting a change of `attribute` on the first `testId` element. */
async function keyToPaint(
  page: Page,
  key: string,
  testId: string,
  attribute: string,
): Promise<number> {
  await quiet(page);
  const painted = page.evaluate(
    ([id, name]) =>
      new Promise<number>((resolve, reject) => {
        const target = document.querySelector(`[data-testid="${id}"]`);
        if (!target) return reject(new Error(`${id} is not on screen`));
        const before = target.getAttribute(name);
        let input = 0;
        document.addEventListener(
          'keydown',
          (e) => {
            input = e.timeStamp;
          },
          { capture: true, once: true },
        );
        const observer = new MutationObserver(() => {
          const now = document.querySelector(`[data-testid="${id}"]`)?.getAttribute(name);
          if (now === before) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - input));
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: [name],
        });
      }),
    [testId, attribute] as const,
  );
  // The page's listener is in place before the key arrives: CDP keeps the calls in order.
  await page.keyboard.press(key);
  return painted;
}

/** `count` samples of each, alternating, on the split view's open return. */
export async function markPaints(page: Page, count: number): Promise<BenchRow[]> {
  const disposition: number[] = [];
  const review: number[] = [];
  await page.getByTestId('disposition-line').first().waitFor({ timeout: 60_000 });
  for (let i = 0; i < count; i++) {
    disposition.push(await keyToPaint(page, 'r', 'disposition-line', 'data-received'));
    review.push(await keyToPaint(page, 'm', 'review-panel', 'data-reviewed'));
  }
  return [
    {
      name: 'disposition recorded → painted p95',
      value: round(percentile(disposition, 95)),
      unit: 'ms',
      base: {
        kind: 'floor',
        name: 'review mark → painted p95 (the same local write)',
        value: round(percentile(review, 95)),
      },
      limit: 100,
      limitOn: 'value',
      note: 'r (a line received, kept in the local store) → the frame that paints it',
    },
    {
      name: 'review mark → painted p95 (floor, same run)',
      value: round(percentile(review, 95)),
      unit: 'ms',
      note: 'm (the review mark, the same local write) → the frame that paints it',
    },
  ];
}
