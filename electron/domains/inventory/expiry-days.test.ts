/**
 * Days until expiry as the console counts them (shared/stock-expiry.ts's daysUntilExpiry, the
 * one helper the stock list's badges, the exports and the walk use) equal the API's
 * `days_until_expiry` (issue 32: the stock list said 7 where the API said 8). Against the
 * sandbox over real HTTP, on two consecutive UTC days (a sandbox built for each), at clock
 * times across midnight: the first and last second of the UTC day, and a second either side
 * of local midnight in three time zones (Los Angeles, Amsterdam, Tokyo; the process's TZ
 * switched for each). Every batch's expiry gives its own number, and every stock row's
 * `earliest_expiry` gives the number of the batch it belongs to.
 */

import type { Api } from '@shared/contract/values';
import { daysUntilExpiry } from '@shared/stock-expiry';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOfTodayUtc } from '../../../sandbox/data/dataset';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server/start';

const KEY = 'pk_expiry_days_0123456789';
const DAY_MS = 86_400_000;
const ZONES = ['America/Los_Angeles', 'Europe/Amsterdam', 'Asia/Tokyo'];
const today = startOfTodayUtc().getTime();
const sandboxes: RunningSandbox[] = [];
const originalTz = process.env.TZ;

async function get<T>(sandbox: RunningSandbox, path: string): Promise<T> {
  const response = await fetch(`${sandbox.url}${path}`, { headers: { 'X-Api-Key': KEY } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

interface Facts {
  rows: Api['StockLevel'][];
  batches: Map<string, Api['ProductStockBatch'][]>;
}

/** The rows with an expiry (expiring within 60 days, and one page of all), with their batches. */
async function facts(sandbox: RunningSandbox): Promise<Facts> {
  const pages = await Promise.all([
    get<{ results: Api['StockLevel'][] }>(sandbox, '/api/inventory/?page_size=200'),
    get<{ results: Api['StockLevel'][] }>(
      sandbox,
      '/api/inventory/?expiring_within_days=60&page_size=200',
    ),
  ]);
  const rows = pages.flatMap((p) => p.results).filter((r) => r.earliest_expiry);
  const batches = new Map<string, Api['ProductStockBatch'][]>();
  for (const id of new Set(rows.map((r) => r.product_id))) {
    const stock = await get<Api['ProductStock']>(sandbox, `/api/inventory/${id}/`);
    for (const level of stock.levels) {
      batches.set(`${id}@${level.location?.id}`, level.batch_breakdown ?? []);
    }
  }
  return { rows, batches };
}

/** The clock times to check on a day: its first and last second, and local midnight ±1 s. */
function clocks(day: number): number[] {
  const times = [day + 1000, day + DAY_MS - 1000];
  for (let t = day; t < day + DAY_MS; t += 15 * 60_000) {
    const local = new Date(t);
    if (local.getHours() === 0 && local.getMinutes() === 0) times.push(t - 1000, t + 1000);
  }
  return times;
}

const built: { day: number; facts: Facts }[] = [];

beforeAll(async () => {
  for (const day of [today, today + DAY_MS]) {
    const sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0, now: new Date(day) });
    sandboxes.push(sandbox);
    built.push({ day, facts: await facts(sandbox) });
  }
}, 120_000);
afterAll(async () => {
  await Promise.all(sandboxes.map((s) => s.close()));
});
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe.each(ZONES)('days until expiry in %s', (zone) => {
  it.each([0, 1])('equal the API on UTC day %i, at every clock time across midnight', (n) => {
    process.env.TZ = zone;
    const { day, facts: f } = built[n]!;
    const times = clocks(day);
    // Local midnight falls inside the UTC day in each of these zones (checked, not assumed).
    expect(times.length).toBe(4);
    let compared = 0;
    for (const now of times) {
      for (const row of f.rows) {
        const held = f.batches.get(`${row.product_id}@${row.location.id}`) ?? [];
        for (const b of held) {
          expect(daysUntilExpiry(b.batch?.expires_at, now)).toBe(b.batch?.days_until_expiry);
        }
        const earliest = held.find(
          (b) => Date.parse(b.batch?.expires_at ?? '') === Date.parse(row.earliest_expiry ?? ''),
        );
        const days = earliest?.batch?.days_until_expiry;
        if (typeof days !== 'number') continue;
        expect(daysUntilExpiry(row.earliest_expiry, now)).toBe(days);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(20);
  });
});
