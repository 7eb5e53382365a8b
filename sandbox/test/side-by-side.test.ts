/**
 * The sandbox serves a small request while it builds a large answer, as a real service with
 * many workers does (one station's export must not hold another station's scan): a 500-order
 * page never served before, and an export of every order, both over real HTTP.
 *
 * No clock decides the order: the small request is sent the moment the server has taken the
 * large one, and the large answer's state is read on the server at the moment the small
 * answer has left it (its `finish`). A sandbox that built the large answer in one go would
 * take the small request only after it, and fail; which request a busy CPU happens to finish
 * first does not enter into it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startSandboxForFile, TEST_KEY } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 2 });
const headers = { 'X-API-Key': TEST_KEY };

/** Resolves with the server's response to the next request whose path starts with `path`. */
function arrivalOf(path: string): Promise<ServerResponse> {
  const server = api.sandbox().server;
  return new Promise((done) => {
    const onRequest = (request: IncomingMessage, response: ServerResponse) => {
      if (!request.url?.startsWith(path)) return;
      server.off('request', onRequest);
      done(response);
    };
    server.on('request', onRequest);
  });
}

/**
 * Sends a small request, answered in full, and returns what `whileLarge` read of the large
 * answer at the moment the small answer left the server.
 */
async function smallAnswerDuring<T>(whileLarge: () => T): Promise<T> {
  const arrived = arrivalOf('/api/locations/');
  const response = fetch(api.url('/api/locations/'), { headers });
  const served = await arrived;
  const seen = new Promise<T>((done) => served.once('finish', () => done(whileLarge())));
  const answer = await response;
  expect(answer.status).toBe(200);
  await answer.arrayBuffer();
  return seen;
}

describe('a large answer does not hold other requests', () => {
  it('answers a small request before the headers of a 500-order page being built', async () => {
    const arrived = arrivalOf('/api/orders/');
    const page = fetch(api.url('/api/orders/?page=3&page_size=500'), { headers });
    const large = await arrived;
    const pageHeadersSent = await smallAnswerDuring(() => large.headersSent);
    const response = await page;
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: unknown[] };
    expect(body.results).toHaveLength(500);
    expect(pageHeadersSent, 'the page’s headers had gone before the small answer').toBe(false);
  });

  it('answers a small request while an export of every order is still being sent', async () => {
    const arrived = arrivalOf('/api/orders/export/');
    const exported = fetch(api.url('/api/orders/export/'), { headers }).then(async (response) => {
      const text = await response.text();
      return { status: response.status, lines: text.split('\r\n').length };
    });
    const large = await arrived;
    const exportFinished = await smallAnswerDuring(() => large.writableFinished);
    const whole = await exported;
    expect(whole.status).toBe(200);
    expect(whole.lines).toBeGreaterThan(4000);
    expect(exportFinished, 'the whole export had gone before the small answer').toBe(false);
  });
});
