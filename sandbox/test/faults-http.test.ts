import { afterEach, describe, expect, it } from 'vitest';
import { startSandboxForFile } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 0.1 });
afterEach(() => api.sandbox().faults.clear());

async function attempt(path: string): Promise<string> {
  try {
    const r = await fetch(api.url(path), { headers: { 'X-API-Key': 'test-key' } });
    const text = await r.text();
    if (r.status !== 200) return String(r.status);
    try {
      JSON.parse(text);
      return 'ok';
    } catch {
      return 'malformed';
    }
  } catch {
    return 'dropped';
  }
}

describe('fault injection over HTTP', () => {
  it('is off by default', async () => {
    for (let i = 0; i < 30; i++) expect(await attempt('/api/locations/')).toBe('ok');
  });

  it('answers a share of requests with 500, 502 or 503', async () => {
    api.sandbox().faults.set({ error5xx: 0.5, seed: 2 });
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, () => attempt('/api/locations/')),
    );
    const errors = outcomes.filter((o) => ['500', '502', '503'].includes(o));
    expect(errors.length).toBeGreaterThan(15);
    expect(errors.length).toBeLessThan(45);
    expect(outcomes.filter((o) => o === 'ok').length).toBe(60 - errors.length);
  });

  it('drops connections, sends malformed JSON and 429s when asked', async () => {
    api.sandbox().faults.set({ drop: 1 });
    expect(await attempt('/api/locations/')).toBe('dropped');
    api.sandbox().faults.set({ malformed: 1 });
    expect(await attempt('/api/locations/')).toBe('malformed');
    // Orders and their pages are sent as bytes kept between requests: cut just the same.
    expect(await attempt('/api/orders/?page_size=5')).toBe('malformed');
    expect(await attempt(`/api/orders/${api.sandbox().dataset.orders.rows[0]?.id}/`)).toBe(
      'malformed',
    );
    api.sandbox().faults.set({ throttle: 1 });
    expect(await attempt('/api/locations/')).toBe('429');
  });

  it('adds latency', async () => {
    api.sandbox().faults.set({ latencyMs: 150 });
    const t = performance.now();
    expect(await attempt('/api/locations/')).toBe('ok');
    expect(performance.now() - t).toBeGreaterThanOrEqual(140);
  });
});

describe('late answers', () => {
  it('store the order first, then hold the answer back', async () => {
    api.sandbox().faults.set({ late: 1, lateMs: 60_000 });
    const before = api.sandbox().dataset.orders.rows.length;
    const abort = new AbortController();
    const created = fetch(api.url('/api/orders/'), {
      method: 'POST',
      headers: { 'X-API-Key': 'test-key', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        recipient_name: 'Late Larry',
        address1: '1 Slow Lane',
        city: 'Leeds',
        postal_code: 'LS1 1AA',
        country: 'GB',
      }),
      signal: abort.signal,
    }).catch(() => 'gave up');
    // The order is stored while its answer is still held back: wait for it, then give up.
    await expect.poll(() => api.sandbox().dataset.orders.rows.length).toBe(before + 1);
    abort.abort();
    expect(await created).toBe('gave up');
    expect(api.sandbox().dataset.orders.rows[0]?.search).toContain('late larry');
  });

  it('parse from --faults', async () => {
    const { parseFaults } = await import('../server/faults');
    expect(parseFaults('late=0.25,lateMs=4000')).toEqual({ late: 0.25, lateMs: 4000 });
  });
});
