/**
 * Carriers. The service's own label carriers are the spec's neutral codes (mock, carrier_a …
 * carrier_d); orders fulfilled outside the service (marketplace fulfilment, labels bought in
 * the storefront) carry the tracking of ordinary national carriers instead. Tracking URLs
 * point at `.example` hosts so that nothing in the sandbox links to a real carrier.
 * Shared by the orders and the shipping area, which must agree on tracking numbers.
 */
import type { OrderShipmentCarrier } from '../../../shared/api/enums.gen';
import type { Rng } from '../seeded';
import type { CountryCode } from './geography';
import { fill } from './people';

export type CarrierCode = OrderShipmentCarrier;

export interface Service {
  code: string;
  name: string;
  express: boolean;
}

export interface Carrier {
  code: CarrierCode;
  label: string;
  services: readonly Service[];
  tracking: readonly string[];
  /** Scan location codes are UN/LOCODE-like; a carrier's raw status codes differ per carrier. */
  scanCodes: Readonly<Record<string, string>>;
}

const svc = (code: string, name: string, express = false): Service => ({ code, name, express });

export const CARRIERS: Readonly<Record<CarrierCode, Carrier>> = {
  mock: {
    code: 'mock',
    label: 'Mock Carrier',
    services: [svc('mock_standard', 'Mock Standard'), svc('mock_express', 'Mock Express', true)],
    tracking: ['MOCK##########'],
    scanCodes: {
      LABEL: 'M00',
      TENDER: 'M10',
      PICKED_UP: 'M20',
      HUB: 'M30',
      OUT: 'M40',
      DEL: 'M50',
      EXC: 'M90',
      RTS: 'M95',
    },
  },
  carrier_a: {
    code: 'carrier_a',
    label: 'Carrier A',
    services: [
      svc('ground', 'Ground'),
      svc('express_saver', 'Express Saver', true),
      svc('next_day', 'Next Day Air', true),
    ],
    tracking: ['1ZA###LL##########'],
    scanCodes: {
      LABEL: 'MP',
      TENDER: 'OR',
      PICKED_UP: 'PU',
      HUB: 'AR',
      OUT: 'OT',
      DEL: 'DL',
      EXC: 'X1',
      RTS: 'RS',
    },
  },
  carrier_b: {
    code: 'carrier_b',
    label: 'Carrier B',
    services: [
      svc('parcel', 'Parcel'),
      svc('parcel_plus', 'Parcel Plus'),
      svc('express', 'Express', true),
    ],
    tracking: ['############', '00340434########'],
    scanCodes: {
      LABEL: 'EE',
      TENDER: 'ES',
      PICKED_UP: 'PU',
      HUB: 'HB',
      OUT: 'AZ',
      DEL: 'ZU',
      EXC: 'NZ',
      RTS: 'RT',
    },
  },
  carrier_c: {
    code: 'carrier_c',
    label: 'Carrier C',
    services: [
      svc('standard', 'Standard'),
      svc('priority', 'Priority', true),
      svc('international', 'International'),
    ],
    tracking: ['JJD00##########'],
    scanCodes: {
      LABEL: '10',
      TENDER: '15',
      PICKED_UP: '20',
      HUB: '30',
      OUT: '40',
      DEL: '50',
      EXC: '70',
      RTS: '80',
    },
  },
  carrier_d: {
    code: 'carrier_d',
    label: 'Carrier D',
    services: [
      svc('economy', 'Economy'),
      svc('signature', 'Signature'),
      svc('locker', 'Locker'),
      svc('courier', 'Courier', true),
    ],
    tracking: ['CD#########LL'],
    scanCodes: {
      LABEL: 'LBL',
      TENDER: 'ACC',
      PICKED_UP: 'PKU',
      HUB: 'SRT',
      OUT: 'OFD',
      DEL: 'DLV',
      EXC: 'EXC',
      RTS: 'RTN',
    },
  },
};

export const CARRIER_CODES = Object.keys(CARRIERS) as CarrierCode[];

type Weights = readonly (readonly [CarrierCode, number])[];
const NA: Weights = [
  ['carrier_a', 45],
  ['carrier_c', 30],
  ['carrier_d', 12],
  ['carrier_b', 6],
  ['mock', 7],
];
const EU: Weights = [
  ['carrier_b', 45],
  ['carrier_d', 25],
  ['carrier_c', 18],
  ['carrier_a', 5],
  ['mock', 7],
];
const UK: Weights = [
  ['carrier_c', 35],
  ['carrier_b', 28],
  ['carrier_d', 25],
  ['carrier_a', 5],
  ['mock', 7],
];
const OC: Weights = [
  ['carrier_d', 50],
  ['carrier_c', 22],
  ['carrier_a', 20],
  ['mock', 8],
];

export function pickCarrier(r: Rng, country: CountryCode): CarrierCode {
  if (country === 'US' || country === 'CA') return r.weighted(NA);
  if (country === 'GB') return r.weighted(UK);
  if (country === 'AU') return r.weighted(OC);
  return r.weighted(EU);
}

export function pickService(r: Rng, carrier: CarrierCode, express: boolean): Service {
  const services = CARRIERS[carrier].services.filter((s) => s.express === express);
  return r.pick(services.length > 0 ? services : CARRIERS[carrier].services);
}

export function carrierTrackingNumber(r: Rng, carrier: CarrierCode, country: string): string {
  return fill(r, r.pick(CARRIERS[carrier].tracking)).replace(/LL$/, country);
}

export function carrierTrackingUrl(carrier: CarrierCode, trackingNumber: string): string {
  return `https://track.${carrier.replace('_', '-')}.example/t/${trackingNumber}`;
}

/** A national carrier used for parcels shipped outside the service. */
export interface OutsideCarrier {
  company: string;
  slug: string;
  tracking: string;
  /** Some storefronts still store plain-http tracking links: those are flagged unsafe. */
  http: boolean;
}

const outside = (company: string, tracking: string, http = false): OutsideCarrier => ({
  company,
  slug: company.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  tracking,
  http,
});

const OUTSIDE: Readonly<Record<CountryCode, readonly OutsideCarrier[]>> = {
  US: [
    outside('USPS', '9400111#################'),
    outside('UPS', '1Z###LL##########'),
    outside('FedEx', '############'),
  ],
  GB: [outside('Royal Mail', 'LL#########GB'), outside('Evri', 'H00LLL##########', true)],
  DE: [outside('DHL Paket', '00340434##########'), outside('Hermes', 'H10##############', true)],
  FR: [outside('Colissimo', '6A###########'), outside('Chronopost', 'XY########FR')],
  NL: [outside('PostNL', '3SLLLL#######'), outside('DPD', '0###########', true)],
  CA: [outside('Canada Post', '################'), outside('Purolator', '###########')],
  AU: [outside('Australia Post', 'LL#########AU'), outside('Sendle', 'SLLLL##', true)],
  ES: [outside('Correos', 'PQ##L#########'), outside('SEUR', '###########')],
  IT: [outside('Poste Italiane', 'LL#########IT'), outside('BRT', '##############', true)],
  SE: [outside('PostNord', '########SE'), outside('DB Schenker', '##########')],
  PL: [
    outside('InPost', '######################'),
    outside('Poczta Polska', 'LL#########PL', true),
  ],
};

export const AMAZON_LOGISTICS = outside('Amazon Logistics', 'TBA############');

export function pickOutsideCarrier(r: Rng, country: CountryCode, channel: string): OutsideCarrier {
  if (channel === 'Amazon' && r.chance(0.7)) return AMAZON_LOGISTICS;
  return r.pick(OUTSIDE[country]);
}

export function outsideCarrierNamed(company: string, country: CountryCode): OutsideCarrier {
  if (company === AMAZON_LOGISTICS.company) return AMAZON_LOGISTICS;
  return OUTSIDE[country].find((c) => c.company === company) ?? outside(company, '##########');
}

export function outsideTrackingUrl(carrier: OutsideCarrier, trackingNumber: string): string {
  return `${carrier.http ? 'http' : 'https'}://tracking.example.com/${carrier.slug}/${trackingNumber}`;
}
