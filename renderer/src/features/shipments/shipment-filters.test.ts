import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  EMPTY_SHIPMENT_FILTERS,
  filterShipments,
  readShipmentsSettings,
  sortShipments,
} from './shipment-filters';
import { type ShipmentRow, toShipmentRow, toShipmentRows } from './shipment-rows';

const row = (over: Partial<ShipmentRow>): ShipmentRow => ({
  id: 'shp_1',
  carrier: 'carrier_a',
  service: 'ground',
  tracking: 'T1',
  status: 'completed',
  sla: 'MET',
  reason: '',
  recipient: 'Ann',
  destination: 'Leeds, GB',
  createdAt: '2026-11-01T00:00:00Z',
  createdMs: 1,
  packages: 1,
  missProb: 0.1,
  search: 'shp_1\nt1\nann',
  ...over,
});

const rows = [
  row({ id: 'a', carrier: 'carrier_a', sla: 'MET', reason: 'COST', createdMs: 3, missProb: null }),
  row({ id: 'b', carrier: 'carrier_b', sla: 'MISS', reason: '', createdMs: 1, missProb: 0.5 }),
  row({
    id: 'c',
    carrier: 'carrier_a',
    sla: 'PND',
    reason: 'SLA',
    createdMs: 2,
    missProb: 0.2,
    search: 'c\ncd123\nzoë',
  }),
];

describe('shipment filters', () => {
  it('matches every list filter and the search together', () => {
    const f = EMPTY_SHIPMENT_FILTERS;
    expect(filterShipments(rows, f)).toHaveLength(3);
    expect(filterShipments(rows, { ...f, carrier: ['carrier_a'] }).map((r) => r.id)).toEqual([
      'a',
      'c',
    ]);
    expect(filterShipments(rows, { ...f, sla: ['MISS', 'PND'] }).map((r) => r.id)).toEqual([
      'b',
      'c',
    ]);
    // '' is "no reason recorded", a value of its own.
    expect(filterShipments(rows, { ...f, reason: [''] }).map((r) => r.id)).toEqual(['b']);
    expect(filterShipments(rows, { ...f, q: ' CD12 ' }).map((r) => r.id)).toEqual(['c']);
    expect(filterShipments(rows, { ...f, carrier: ['carrier_b'], q: 'zoë' })).toEqual([]);
  });

  it('sorts both ways with missing values last', () => {
    expect(sortShipments(rows, DEFAULT_SORT).map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(sortShipments(rows, { column: 'missProb', desc: false }).map((r) => r.id)).toEqual([
      'c',
      'b',
      'a',
    ]);
    expect(sortShipments(rows, { column: 'missProb', desc: true }).map((r) => r.id)).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(sortShipments(rows, { column: 'carrier', desc: false }).map((r) => r.id)).toEqual([
      'a',
      'c',
      'b',
    ]);
  });

  it('reads damaged settings as defaults', () => {
    expect(readShipmentsSettings(undefined)).toEqual({
      filters: EMPTY_SHIPMENT_FILTERS,
      sort: DEFAULT_SORT,
    });
    const read = readShipmentsSettings({
      shipments: {
        filters: { carrier: ['x', 'x', 3], q: 7 },
        sort: { column: 'nope', desc: false },
      },
    });
    expect(read.filters.carrier).toEqual(['x']);
    expect(read.filters.q).toBe('');
    expect(read.sort).toEqual({ column: 'createdMs', desc: false });
  });
});

describe('shipment rows', () => {
  it('reads a ShipmentList into a compact row, tolerating missing parts', () => {
    const r = toShipmentRow({
      shipment_id: 'shp_9',
      carrier: 'carrier_c',
      tracking_number: 'CC1',
      ship_to: { name: null, address: { location_name: 'Bo', city: 'York', country_code: 'GB' } },
      predicted_sla_miss_prob: '0.2500',
      created_at: 'not a date',
    } as never);
    expect(r).toMatchObject({
      id: 'shp_9',
      recipient: 'Bo',
      destination: 'York, GB',
      missProb: 0.25,
      createdMs: 0,
    });
    expect(r.search).toBe('shp_9\ncc1\nbo');
    expect(toShipmentRows([null, 3, {}])).toHaveLength(1);
    expect(toShipmentRows({})).toEqual([]);
  });
});
