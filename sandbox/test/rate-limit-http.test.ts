import { describe, expect, it } from 'vitest';
import { startSandboxForFile, TEST_KEY } from './support/sandbox-fixture';

const api = startSandboxForFile({
  keys: [TEST_KEY, 'other-key'],
  scale: 0.1,
  rate: 5,
  heavyRate: 1,
});

describe('rate limit over HTTP', () => {
  it('shares one budget across keys and answers 429 with Retry-After and a matching body', async () => {
    api.sandbox().setRateLimit({ rate: 5, heavyRate: 1 });
    const statuses: number[] = [];
    let throttled: Awaited<ReturnType<typeof api.get>> | undefined;
    for (let i = 0; i < 8; i++) {
      const r = await api.get('/api/locations/', { 'X-API-Key': i % 2 ? TEST_KEY : 'other-key' });
      statuses.push(r.status);
      if (r.status === 429) throttled ??= r;
    }
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(5);
    expect(statuses).toContain(429);
    const retryAfter = Number(throttled?.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
    expect(throttled?.body).toEqual({
      detail: expect.any(String),
      code: 'throttled',
      retry_after: retryAfter,
    });
  });

  it('gives exports and PDFs a tighter budget of their own', async () => {
    api.sandbox().setRateLimit({ rate: 50, heavyRate: 1 });
    const first = await api.get('/api/orders/export/?stage=cancelled');
    expect(first.status).toBe(200);
    const second = await api.get('/api/returns/requests/export/');
    expect(second.status).toBe(429);
    expect((await api.get('/api/locations/')).status).toBe(200);
  });

  it('does not charge requests refused for their key', async () => {
    api.sandbox().setRateLimit({ rate: 2 });
    for (let i = 0; i < 10; i++) {
      expect((await api.get('/api/locations/', { 'X-API-Key': 'bad' })).status).toBe(401);
    }
    expect((await api.get('/api/locations/')).status).toBe(200);
  });
});
