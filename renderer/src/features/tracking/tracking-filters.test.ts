import { describe, expect, it } from 'vitest';
import { dwellText, eventCarrier, eventDescription, geoPoint } from './tracking-event-values';
import {
  cleanPackage,
  cleanShipment,
  EMPTY_TRACKING_FILTERS,
  readTrackingViewSettings,
  toTrackingBridgeFilters,
  trackingFiltersFromSettings,
  trackingFiltersKey,
  writeTrackingViewSettings,
} from './tracking-filters';

describe('tracking filters', () => {
  it('start with every event', () => {
    expect(trackingFiltersFromSettings(null)).toEqual(EMPTY_TRACKING_FILTERS);
    expect(toTrackingBridgeFilters(EMPTY_TRACKING_FILTERS)).toEqual({});
  });

  it('survive the settings file unchanged', () => {
    const filters = {
      carrier: 'carrier_a',
      exception_code: 'WEATHER',
      package: '17',
      shipment: 'SHP-000017',
      status: 'EXC' as const,
    };
    const stored = JSON.parse(JSON.stringify(writeTrackingViewSettings({ filters })));
    expect(readTrackingViewSettings(stored).filters).toEqual(filters);
  });

  it('send the package as a number and leave out what is unset', () => {
    expect(
      toTrackingBridgeFilters({ ...EMPTY_TRACKING_FILTERS, package: '0042', status: 'DEL' }),
    ).toEqual({ package: 42, status: 'DEL' });
  });

  it('drop values the API would refuse', () => {
    expect(cleanPackage('12a')).toBe('');
    expect(cleanPackage('0')).toBe('');
    expect(cleanPackage(99)).toBe('99');
    expect(cleanShipment('a/b')).toBe('');
    expect(cleanShipment(' SHP-1 ')).toBe('SHP-1');
    expect(trackingFiltersFromSettings({ status: 'LOST', package: -3, carrier: ['x'] })).toEqual(
      EMPTY_TRACKING_FILTERS,
    );
  });

  it('key the same filters the same way', () => {
    expect(trackingFiltersKey({ ...EMPTY_TRACKING_FILTERS, carrier: ' mock ' })).toBe(
      trackingFiltersKey({ ...EMPTY_TRACKING_FILTERS, carrier: 'mock' }),
    );
  });
});

describe('tracking event values', () => {
  it('read the carrier and its words from the scan only when they are there', () => {
    const scan = { carrier: 'carrier_b', description: 'Delivered' };
    expect(eventCarrier(scan)).toBe('carrier_b');
    expect(eventDescription(scan)).toBe('Delivered');
    expect(eventCarrier('raw text')).toBeNull();
    expect(eventDescription('raw text')).toBe('raw text');
    expect(eventCarrier(null)).toBeNull();
  });

  it('find a position in the shapes a breadcrumb may take', () => {
    expect(geoPoint({ lat: 51.4, lon: 12.2 })).toEqual({ lat: 51.4, lon: 12.2 });
    expect(geoPoint({ latitude: 1, longitude: 2 })).toEqual({ lat: 1, lon: 2 });
    expect(
      geoPoint([
        { lat: 1, lng: 2 },
        { lat: 3, lng: 4 },
      ]),
    ).toEqual({ lat: 3, lon: 4 });
    expect(geoPoint([10, 20])).toEqual({ lat: 10, lon: 20 });
    expect(geoPoint({ lat: 200, lon: 0 })).toBeNull();
    expect(geoPoint('somewhere')).toBeNull();
  });

  it('say dwell time in hours and minutes', () => {
    expect(dwellText(45)).toBe('45 min');
    expect(dwellText(135)).toBe('2 h 15 min');
    expect(dwellText(120)).toBe('2 h');
    expect(dwellText(60 * 28)).toBe('1 d 4 h');
    expect(dwellText(null)).toBeNull();
    expect(dwellText(-1)).toBeNull();
  });
});
