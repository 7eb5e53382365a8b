/**
 * The account's stock locations and their bins. A fixed set, the same at any seed and scale
 * (a company has the sites it has; only its stock grows), with dates relative to `now`.
 * Chosen to cover every `location_type` and the edge cases a console must show: exactly one
 * default, a store that cannot fulfil, an inactive site without stock, a transit and a
 * virtual location without an address, null geo, null floor area, blank storage type and
 * temperature zone.
 */
import { minutesBefore } from '../seeded';
import type { InventoryBinRef, InventoryLocationRef, Location, LocationType } from './api-types';

/** Which goods a location may hold (the sandbox's choice, to keep stock plausible). */
export type Holds = 'all' | 'non_food' | 'electronics_home' | 'none';

interface LocationSeed {
  id: number;
  code: string;
  name: string;
  type: LocationType;
  address1: string;
  city: string;
  postal_code: string;
  country: string;
  geo: { lat: number; lng: number } | null;
  active: boolean;
  fulfillable: boolean;
  storefrontId: number | null;
  floor: string | null;
  storage: Location['storage_type'];
  temperature: Location['temperature_zone'];
  /** Days before `now` the location was set up. */
  age: number;
  holds: Holds;
  /** How likely a product is stocked here, relative to the others (0: never). */
  weight: number;
  /** Bin zones: [zone name, code letter(s), aisles, levels]; empty when stock is not binned. */
  zones: readonly (readonly [string, string, number, number])[];
}

const WAREHOUSE_ZONES = [
  ['pick', 'A', 8, 4],
  ['pick', 'B', 8, 4],
  ['reserve', 'C', 6, 5],
  ['bulk', 'D', 4, 2],
] as const;

// biome-ignore format: table
const SEEDS: readonly LocationSeed[] = [
  { id: 1, code: 'WH-AMS-01', name: 'Amsterdam Fulfilment Centre', type: 'warehouse', address1: 'Kabelweg 37', city: 'Amsterdam', postal_code: '1014 BA', country: 'NL', geo: { lat: 52.3911, lng: 4.8465 }, active: true, fulfillable: true, storefrontId: 61203001, floor: '12400.00', storage: 'racked', temperature: 'ambient', age: 1460, holds: 'all', weight: 0, zones: WAREHOUSE_ZONES },
  { id: 2, code: 'WH-LEJ-01', name: 'Leipzig Distribution Hub', type: 'warehouse', address1: 'Am Exer 12', city: 'Leipzig', postal_code: '04158', country: 'DE', geo: { lat: 51.4211, lng: 12.2305 }, active: true, fulfillable: true, storefrontId: 61203002, floor: '18250.50', storage: 'automated', temperature: 'controlled', age: 1100, holds: 'all', weight: 5, zones: WAREHOUSE_ZONES },
  { id: 3, code: 'WH-EWR-01', name: 'Edison NJ Warehouse', type: 'warehouse', address1: '301 Raritan Center Pkwy', city: 'Edison', postal_code: '08837', country: 'US', geo: { lat: 40.5196, lng: -74.3463 }, active: true, fulfillable: true, storefrontId: 61203003, floor: '9800.00', storage: 'bulk', temperature: '', age: 720, holds: 'all', weight: 4, zones: WAREHOUSE_ZONES.slice(0, 3) },
  { id: 4, code: 'ST-LON-01', name: 'London Soho Store', type: 'store', address1: '27 Carnaby Street', city: 'London', postal_code: 'W1F 7DB', country: 'GB', geo: { lat: 51.5131, lng: -0.1389 }, active: true, fulfillable: true, storefrontId: 61203011, floor: '185.40', storage: '', temperature: '', age: 900, holds: 'non_food', weight: 3, zones: [['backroom', 'BR', 1, 12], ['sales_floor', 'FL', 1, 8]] },
  { id: 5, code: 'ST-PAR-01', name: 'Paris Marais Store', type: 'store', address1: '14 Rue des Francs-Bourgeois', city: 'Paris', postal_code: '75003', country: 'FR', geo: { lat: 48.8575, lng: 2.3617 }, active: true, fulfillable: false, storefrontId: 61203012, floor: '142.00', storage: 'ambient', temperature: 'ambient', age: 610, holds: 'non_food', weight: 3, zones: [['backroom', 'BR', 1, 10]] },
  { id: 6, code: '3PL-POZ-01', name: 'LogiPol 3PL Poznań', type: '3pl', address1: 'ul. Gorzysława 9', city: 'Poznań', postal_code: '61-057', country: 'PL', geo: { lat: 52.3977, lng: 16.9915 }, active: true, fulfillable: true, storefrontId: null, floor: null, storage: 'mezzanine', temperature: 'chilled', age: 400, holds: 'all', weight: 3, zones: [['pick', 'A', 6, 3], ['cold', 'K', 3, 3]] },
  { id: 7, code: 'DS-VOLTIX', name: 'Voltix supplier dropship', type: 'dropship', address1: 'No. 18 Keji South Road', city: 'Shenzhen', postal_code: '518057', country: 'CN', geo: null, active: true, fulfillable: true, storefrontId: null, floor: null, storage: '', temperature: '', age: 300, holds: 'electronics_home', weight: 4, zones: [] },
  { id: 8, code: 'TR-EU-LINEHAUL', name: 'In transit — EU linehaul', type: 'transit', address1: '', city: '', postal_code: '', country: 'NL', geo: null, active: true, fulfillable: false, storefrontId: null, floor: null, storage: '', temperature: '', age: 1000, holds: 'all', weight: 1.5, zones: [] },
  { id: 9, code: 'VR-RETURNS-QA', name: 'Returns quarantine', type: 'virtual', address1: '', city: 'Amsterdam', postal_code: '', country: 'NL', geo: null, active: true, fulfillable: false, storefrontId: null, floor: null, storage: '', temperature: '', age: 1000, holds: 'non_food', weight: 1.5, zones: [] },
  { id: 10, code: 'ST-BER-01', name: 'Berlin Mitte Store (opening soon)', type: 'store', address1: 'Rosenthaler Str. 40', city: 'Berlin', postal_code: '10119', country: 'DE', geo: { lat: 52.5283, lng: 13.4015 }, active: false, fulfillable: false, storefrontId: null, floor: '210.00', storage: 'ambient', temperature: '', age: 12, holds: 'none', weight: 0, zones: [['backroom', 'BR', 1, 6]] },
];

/** The default location: every product is stocked here unless the draw says otherwise. */
export const DEFAULT_LOCATION_ID = 1;

export interface LocationInfo {
  location: Location;
  ref: InventoryLocationRef;
  holds: Holds;
  weight: number;
  bins: readonly InventoryBinRef[];
}

export function buildLocations(now: Date): LocationInfo[] {
  return SEEDS.map((s) => {
    const createdMinutes = s.age * 1440 + s.id * 37;
    // Edited some time after set-up, never before it.
    const updatedMinutes = Math.min(createdMinutes, ((s.id * 53) % 90) * 1440 + s.id * 11);
    const location: Location = {
      id: s.id,
      code: s.code,
      name: s.name,
      location_type: s.type,
      address1: s.address1,
      city: s.city,
      postal_code: s.postal_code,
      country: s.country,
      geo: s.geo,
      is_active: s.active,
      is_fulfillable: s.fulfillable,
      is_default: s.id === DEFAULT_LOCATION_ID,
      storefront_location_id: s.storefrontId,
      floor_area_m2: s.floor,
      storage_type: s.storage,
      temperature_zone: s.temperature,
      created_at: minutesBefore(now, createdMinutes),
      updated_at: minutesBefore(now, updatedMinutes),
    };
    return {
      location,
      ref: { id: s.id, code: s.code, name: s.name },
      holds: s.holds,
      weight: s.weight,
      bins: binsOf(s),
    };
  });
}

/** Bins: `A-03-2` (zone letter, aisle, level) in warehouses, `BR-07` in stores. Ids: location × 1000 + n. */
function binsOf(s: LocationSeed): InventoryBinRef[] {
  const bins: InventoryBinRef[] = [];
  for (const [zone, letter, aisles, levels] of s.zones) {
    for (let aisle = 1; aisle <= aisles; aisle++) {
      for (let level = 1; level <= levels; level++) {
        const code =
          aisles === 1
            ? `${letter}-${String(level).padStart(2, '0')}`
            : `${letter}-${String(aisle).padStart(2, '0')}-${level}`;
        bins.push({ id: s.id * 1000 + bins.length + 1, code, zone });
      }
    }
  }
  return bins;
}
