/**
 * The sandbox serves a small request while it builds a large answer, as a real service with
 * many workers does (one station's export must not hold another station's scan): a 500-order
 * page never served before, and an export of every order, both over real HTTP.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startSandboxForFile, TEST_KEY } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 2 });
const headers = { 'X-API-Key': TEST_KEY };

/** The time a small request is answered in full, sent `afterMs` after `large` was sent. */
async function smallAnswerDuring(afterMs: number) {
  await sleep(afterMs);
  const response = await fetch(api.url('/api/locations/'), { headers });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return performance.now();
}

describe('a large answer does not hold other requests', () => {
  it('answers a small request before the headers of a 500-order page being built', async () => {
    const pageHeaders = fetch(api.url('/api/orders/?page=3&page_size=500'), { headers }).then(
      (response) => ({ response, at: performance.now() }),
    );
    const small = await smallAnswerDuring(10);
    const page = await pageHeaders;
    expect(page.response.status).toBe(200);
    const body = (await page.response.json()) as { results: unknown[] };
    expect(body.results).toHaveLength(500);
    expect(small).toBeLessThan(page.at);
  });

  it('answers a small request while an export of every order is still being sent', async () => {
    const exported = fetch(api.url('/api/orders/export/'), { headers }).then(async (response) => {
      const text = await response.text();
      return { status: response.status, lines: text.split('\r\n').length, at: performance.now() };
    });
    const small = await smallAnswerDuring(10);
    const whole = await exported;
    expect(whole.status).toBe(200);
    expect(whole.lines).toBeGreaterThan(4000);
    expect(small).toBeLessThan(whole.at);
  });
});
