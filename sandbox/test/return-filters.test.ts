/**
 * The returns worklist filters over HTTP (spec, Endpoints → Returns). Expectations are
 * computed here from the full return objects of the unfiltered list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RETURN_REQUEST_REASON } from '../../shared/api/enums.gen';
import type { ReturnRequest } from '../data/types';
import { filterCheck } from './support/filter-check';
import { fetchAll, type Paginated, startSandboxForFile } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 0.5 });

const OPEN = ['REQUESTED', 'APPROVED', 'IN_TRANSIT', 'RECEIVED'];
const CLOSED = ['COMPLETED', 'REJECTED', 'CANCELLED'];
/** Every reason the spec lists (openapi.yaml, generated into enums.gen.ts). */
const REASONS = RETURN_REQUEST_REASON;

let returns: ReturnRequest[];

beforeAll(async () => {
  returns = await fetchAll<ReturnRequest>(api, '/api/returns/requests/?page_size=500');
});

/** The fields the spec names: RMA number, order, customer, tracking number, SKU, product name. */
const named = (r: ReturnRequest) => [
  r.rma_number,
  typeof r.order_name === 'string' ? r.order_name : null,
  r.customer_name,
  r.tracking_number,
  ...r.lines.flatMap((l) => [l.sku, l.name]),
];
/** Read broadly: the order id and the customer's email too. */
const broad = (r: ReturnRequest) => [
  ...named(r),
  r.order === null || r.order === undefined ? null : String(r.order),
  r.customer_email,
];

const { listIds, expectFilter, pick, expectSearch } = filterCheck<ReturnRequest>(
  api,
  '/api/returns/requests/?page_size=500&',
  'return',
  () => returns,
  { named, broad },
);

const distinct = (values: (string | null | undefined)[]) =>
  [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))].sort();

describe('returns worklist filters', () => {
  it('lists every return without filters', async () => {
    const r = await api.get<Paginated<ReturnRequest>>('/api/returns/requests/');
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(returns.length);
    expect(returns.length).toBe(100);
  });

  it('status=<each status> keeps the returns in it', async () => {
    for (const status of [...OPEN, ...CLOSED]) {
      await expectFilter(`status=${status}`, (r) => r.status === status, {
        nonEmpty: returns.some((r) => r.status === status),
      });
    }
    expect(distinct(returns.map((r) => r.status)).length).toBeGreaterThanOrEqual(6);
  });

  it('status=open and status=closed split the worklist', async () => {
    const open = await expectFilter('status=open', (r) => OPEN.includes(r.status));
    const closed = await expectFilter('status=closed', (r) => CLOSED.includes(r.status));
    expect(open.length + closed.length).toBe(returns.length);
    expect(open.filter((id) => closed.includes(id))).toEqual([]);
  });

  it('a bad status or reason is a 400 naming the field', async () => {
    for (const [query, field] of [
      ['status=LOST', 'status'],
      ['status=opened', 'status'],
      ['reason=bored', 'reason'],
    ] as const) {
      const r = await api.get<{ code: string; errors: Record<string, string[]> }>(
        `/api/returns/requests/?${query}`,
      );
      expect(r.status, query).toBe(400);
      expect(r.body.code).toBe('invalid');
      expect(Object.keys(r.body.errors), query).toEqual([field]);
    }
  });

  it('reason=<each reason> keeps the returns given it', async () => {
    for (const reason of REASONS) {
      await expectFilter(`reason=${reason}`, (r) => r.reason === reason, {
        nonEmpty: returns.some((r) => r.reason === reason),
      });
    }
    expect(distinct(returns.map((r) => r.reason)).length).toBeGreaterThanOrEqual(8);
  });

  it('carrier, channel and country keep the matching returns', async () => {
    const carriers = distinct(returns.map((r) => r.carrier));
    const channels = distinct(returns.map((r) => r.channel));
    const countries = distinct(returns.map((r) => r.country));
    expect(carriers.length).toBeGreaterThan(1);
    expect(channels.length).toBeGreaterThan(1);
    expect(countries.length).toBeGreaterThan(1);
    for (const carrier of carriers)
      await expectFilter(`carrier=${carrier}`, (r) => r.carrier === carrier);
    for (const channel of channels)
      await expectFilter(`channel=${channel}`, (r) => r.channel === channel);
    for (const country of countries)
      await expectFilter(`country=${country}`, (r) => r.country === country);
  });

  describe('q', () => {
    it('finds a return by its RMA number', async () => {
      const r = pick((x) => x.id > 10);
      expect(await expectSearch(r.rma_number, r)).toEqual([r.id]);
      expect(await expectSearch(r.rma_number.toLowerCase(), r)).toEqual([r.id]);
    });

    it('finds a return by its order name and by its customer', async () => {
      const r = pick((x) => typeof x.order_name === 'string' && !!x.customer_name);
      const ids = await expectSearch(r.order_name as string, r);
      for (const id of ids) expect(returns.find((x) => x.id === id)!.order).not.toBeNull();
      await expectSearch(r.customer_name!, r);
      await expectSearch(r.customer_name!.toUpperCase(), r);
    });

    it('finds a return by its tracking number', async () => {
      const r = pick((x) => !!x.tracking_number);
      expect(await expectSearch(r.tracking_number!, r)).toEqual([r.id]);
    });

    it("finds a return by a line's SKU and by its product name", async () => {
      const r = pick((x) => x.lines.length > 1 && x.lines.every((l) => !!l.sku));
      const line = r.lines[r.lines.length - 1]!;
      await expectSearch(line.sku!, r);
      await expectSearch(line.name, r);
    });

    it('finds nothing for text no return holds', async () => {
      expect((await listIds('q=zzqx-no-such-return')).count).toBe(0);
    });
  });

  it('combines filters with AND', async () => {
    const channel = distinct(returns.map((r) => r.channel))[0]!;
    await expectFilter(
      `status=open&channel=${channel}`,
      (r) => OPEN.includes(r.status) && r.channel === channel,
    );
    const withCarrier = returns.find((r) => !!r.carrier)!;
    await expectFilter(
      `status=closed&carrier=${withCarrier.carrier}`,
      (r) => CLOSED.includes(r.status) && r.carrier === withCarrier.carrier,
      { nonEmpty: false },
    );
    const country = returns[0]!.country!;
    const reason = returns.find((r) => r.country === country && !!r.reason)!.reason!;
    await expectFilter(
      `country=${country}&reason=${reason}`,
      (r) => r.country === country && r.reason === reason,
    );
  });
});
