import { describe, expect, it } from 'vitest';
import { startSandboxForFile, TEST_KEY } from './support/sandbox-fixture';

const api = startSandboxForFile({ keys: [TEST_KEY, 'second-key'] });

describe('authentication over HTTP', () => {
  it('accepts the key in X-API-Key or in Authorization: Api-Key', async () => {
    expect((await api.get('/api/locations/', { 'X-API-Key': TEST_KEY })).status).toBe(200);
    expect(
      (await api.get('/api/locations/', { Authorization: `Api-Key ${TEST_KEY}` })).status,
    ).toBe(200);
  });

  it('uses X-API-Key when both headers are sent', async () => {
    const good = { 'X-API-Key': TEST_KEY, Authorization: 'Api-Key wrong' };
    expect((await api.get('/api/locations/', good)).status).toBe(200);
    const bad = { 'X-API-Key': 'wrong', Authorization: `Api-Key ${TEST_KEY}` };
    expect((await api.get('/api/locations/', bad)).status).toBe(401);
  });

  it('answers 401 with a JSON body and a code for a missing or unknown key', async () => {
    const missing = await api.request('/api/orders/', { headers: { Authorization: 'Bearer x' } });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ code: 'not_authenticated' });
    const unknown = await api.get('/api/orders/', { 'X-API-Key': 'nope' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({
      code: 'authentication_failed',
      detail: expect.any(String),
    });
  });

  it('stops accepting a key once it is revoked, while other keys go on working', async () => {
    expect((await api.get('/api/locations/', { 'X-API-Key': 'second-key' })).status).toBe(200);
    api.sandbox().keys.revoke('second-key');
    const refused = await api.get('/api/locations/', { 'X-API-Key': 'second-key' });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'authentication_failed' });
    expect((await api.get('/api/locations/')).status).toBe(200);
  });

  it('refuses an API key on app-only endpoints with 403 and a code', async () => {
    const cases: [string, string][] = [
      ['POST', '/api/orders/1001/cancel/'],
      ['POST', '/api/orders/1001/buy-label/'],
      ['DELETE', '/api/orders/1001/'],
      ['PATCH', '/api/orders/1001/'],
      ['POST', '/api/returns/requests/1/approve/'],
      ['POST', '/api/shipping/v1/tracking-events/'],
    ];
    for (const [method, path] of cases) {
      const r = await api.request(path, { method });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body).toMatchObject({ code: 'api_key_not_allowed' });
    }
    const noKey = await api.request('/api/orders/1001/cancel/', {
      method: 'POST',
      headers: { Authorization: 'none' },
    });
    expect(noKey.status).toBe(401);
  });

  it('answers unknown paths with a JSON 404', async () => {
    const r = await api.get('/api/nothing-here/');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'not_found' });
  });
});
