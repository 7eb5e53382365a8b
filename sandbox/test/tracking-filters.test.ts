/**
 * Tracking event filters over HTTP (spec, Endpoints → Shipments). The list is a plain JSON
 * array. Which shipment and carrier an event belongs to is worked out here from the
 * shipments' details (their packages), independently of the event list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentDetail, ShipmentList, TrackingEvent } from '../data/types';
import { startSandboxForFile } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 0.5 });
const PATH = '/api/shipping/v1/tracking-events/';
const STATUSES = ['PICKED_UP', 'HUB', 'OUT', 'DEL', 'EXC', 'RTS', 'TENDER', 'LABEL'];

let events: TrackingEvent[];
let shipments: ShipmentDetail[];
/** Package id → its shipment. */
const shipmentOfPackage = new Map<number, ShipmentDetail>();

beforeAll(async () => {
  const all = await api.get<TrackingEvent[]>(PATH);
  expect(all.status).toBe(200);
  events = all.body;
  const list = (await api.get<ShipmentList[]>('/api/shipping/v1/shipments/')).body;
  shipments = [];
  // The shipments' details, a few at a time.
  for (let i = 0; i < list.length; i += 25) {
    const batch = await Promise.all(
      list
        .slice(i, i + 25)
        .map((s) => api.get<ShipmentDetail>(`/api/shipping/v1/shipments/${s.shipment_id}/`)),
    );
    for (const r of batch) {
      expect(r.status).toBe(200);
      shipments.push(r.body);
    }
  }
  for (const s of shipments) for (const p of s.packages) shipmentOfPackage.set(p.id, s);
});

const numeric = (a: number, b: number) => a - b;

async function listIds(query: string): Promise<number[]> {
  const r = await api.get<TrackingEvent[]>(`${PATH}?${query}`);
  expect(r.status, query).toBe(200);
  expect(Array.isArray(r.body), `${query}: a plain array`).toBe(true);
  const ids = r.body.map((e) => e.id);
  expect(new Set(ids).size, `${query}: no event twice`).toBe(ids.length);
  return ids.sort(numeric);
}

async function expectFilter(
  query: string,
  test: (e: TrackingEvent) => boolean,
  { nonEmpty = true } = {},
): Promise<number[]> {
  const expected = events
    .filter(test)
    .map((e) => e.id)
    .sort(numeric);
  if (nonEmpty) expect(expected.length, `${query}: the data has such events`).toBeGreaterThan(0);
  expect(expected.length, `${query}: the filter leaves some out`).toBeLessThan(events.length);
  expect(await listIds(query), query).toEqual(expected);
  return expected;
}

const carrierOf = (e: TrackingEvent) => shipmentOfPackage.get(e.package)?.carrier;
const distinct = (values: (string | undefined)[]) =>
  [...new Set(values.filter((v): v is string => !!v))].sort();

describe('tracking event filters', () => {
  it('lists every event as a plain array, each of a known package', () => {
    expect(Array.isArray(events)).toBe(true);
    expect(events.length).toBeGreaterThan(1000);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    for (const e of events) expect(shipmentOfPackage.has(e.package), `event ${e.id}`).toBe(true);
  });

  it('carrier=<each carrier> keeps the events of that carrier’s shipments', async () => {
    const carriers = distinct(shipments.map((s) => s.carrier));
    expect(carriers.length).toBeGreaterThan(2);
    for (const carrier of carriers) {
      await expectFilter(`carrier=${carrier}`, (e) => carrierOf(e) === carrier);
    }
    // Case-insensitive.
    await expectFilter(
      `carrier=${carriers[0]!.toUpperCase()}`,
      (e) => carrierOf(e) === carriers[0],
    );
    expect(await listIds('carrier=no_such_carrier')).toEqual([]);
  });

  it('exception_code=<each code> keeps the exceptions with that code', async () => {
    const codes = distinct(events.map((e) => e.exception_code));
    expect(codes.length).toBeGreaterThan(1);
    for (const code of codes) {
      const ids = await expectFilter(`exception_code=${code}`, (e) => e.exception_code === code);
      for (const id of ids) {
        expect(events.find((e) => e.id === id)!.svc_normalized_status).toBe('EXC');
      }
    }
    await expectFilter(
      `exception_code=${codes[0]!.toLowerCase()}`,
      (e) => e.exception_code === codes[0],
    );
  });

  it('package=<id> keeps that package’s events', async () => {
    const counts = new Map<number, number>();
    for (const e of events) counts.set(e.package, (counts.get(e.package) ?? 0) + 1);
    const busy = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const ids = await expectFilter(`package=${busy}`, (e) => e.package === busy);
    expect(ids.length).toBeGreaterThan(3);
    const tracking = shipmentOfPackage
      .get(busy)!
      .packages.find((p) => p.id === busy)!.tracking_code;
    for (const id of ids)
      expect(events.find((e) => e.id === id)!.package_tracking_code).toBe(tracking);
    expect(await listIds('package=99999999')).toEqual([]);
  });

  it('shipment=<id> keeps the events of its packages', async () => {
    const multi = shipments.find((s) => s.packages.length > 1)!;
    expect(multi).toBeDefined();
    const sample = [
      multi,
      shipments[0]!,
      shipments[Math.floor(shipments.length / 2)]!,
      shipments.at(-1)!,
    ];
    for (const s of sample) {
      const packages = new Set(s.packages.map((p) => p.id));
      await expectFilter(`shipment=${s.shipment_id}`, (e) => packages.has(e.package));
    }
    expect(await listIds('shipment=shp_0000000000000000')).toEqual([]);
  });

  it('status=<each normalised status> keeps the events with it', async () => {
    for (const status of STATUSES) {
      await expectFilter(`status=${status}`, (e) => e.svc_normalized_status === status, {
        nonEmpty: status !== 'RTS' || events.some((e) => e.svc_normalized_status === 'RTS'),
      });
    }
    await expectFilter('status=del', (e) => e.svc_normalized_status === 'DEL');
    expect(await listIds('status=LOST')).toEqual([]);
  });

  it('combines filters with AND', async () => {
    const exception = events.find((e) => e.svc_normalized_status === 'EXC')!;
    const carrier = carrierOf(exception)!;
    await expectFilter(
      `carrier=${carrier}&status=EXC`,
      (e) => carrierOf(e) === carrier && e.svc_normalized_status === 'EXC',
    );
    const s = shipmentOfPackage.get(exception.package)!;
    const packages = new Set(s.packages.map((p) => p.id));
    await expectFilter(
      `shipment=${s.shipment_id}&exception_code=${exception.exception_code}`,
      (e) => packages.has(e.package) && e.exception_code === exception.exception_code,
    );
    const other = distinct(shipments.map((x) => x.carrier)).find((c) => c !== carrier)!;
    expect(await listIds(`shipment=${s.shipment_id}&carrier=${other}`)).toEqual([]);
  });

  it('a bad package is a 400 naming the field', async () => {
    for (const bad of ['abc', '1.5']) {
      const r = await api.get<{ code: string; errors: Record<string, string[]> }>(
        `${PATH}?package=${bad}`,
      );
      expect(r.status, bad).toBe(400);
      expect(r.body.code).toBe('invalid');
      expect(Object.keys(r.body.errors), bad).toEqual(['package']);
    }
  });
});
