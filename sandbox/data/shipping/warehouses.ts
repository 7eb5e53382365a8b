/**
 * The account's warehouses: every parcel leaves from the one serving its destination. Used
 * as the shipping area's `ship_from` and as the first scan location of an order's tracking.
 */
import type { ShipmentDetail } from '../types';

type Contact = ShipmentDetail['ship_from'];

export interface Warehouse {
  contact: Contact;
  /** "City, REGION, CC" as carriers print scan locations. */
  location: string;
  /** UN/LOCODE of the warehouse's town, the first scan location of its parcels. */
  locode: string;
  latLon: readonly [number, number];
}

const warehouse = (
  id: number,
  name: string,
  address: Omit<Contact['address'], 'id' | 'location_name'>,
  phone: string,
  location: string,
  locode: string,
  latLon: readonly [number, number],
): Warehouse => ({
  contact: {
    id,
    name: 'Packbench Fulfilment',
    phone_number: phone,
    phone_number_extension: null,
    email: `dispatch+${locode.toLowerCase()}@packbench.example`,
    address: { id, location_name: name, ...address, is_residential: false },
    alternate_address: null,
  },
  location,
  locode,
  latLon,
});

export const WAREHOUSES = {
  RNO: warehouse(
    1,
    'Reno Fulfilment Center',
    {
      line1: '4900 Double R Blvd',
      line2: 'Dock 3',
      city: 'Reno',
      province: 'NV',
      postcode: '89521',
      country_code: 'US',
    },
    '+17755550142',
    'Reno, NV, US',
    'USRNO',
    [39.4561, -119.7763],
  ),
  MKY: warehouse(
    2,
    'Milton Keynes DC',
    {
      line1: 'Unit 7, Tongwell Street',
      city: 'Milton Keynes',
      postcode: 'MK15 8HA',
      country_code: 'GB',
    },
    '+441908555014',
    'Milton Keynes, GB',
    'GBMKY',
    [52.0526, -0.7303],
  ),
  LEJ: warehouse(
    3,
    'Leipzig Logistikzentrum',
    {
      line1: 'Am Exer 12',
      line2: 'Halle B',
      city: 'Leipzig',
      postcode: '04158',
      country_code: 'DE',
    },
    '+4934155501420',
    'Leipzig, DE',
    'DELEJ',
    [51.4167, 12.3333],
  ),
  SYD: warehouse(
    4,
    'Sydney Warehouse',
    {
      line1: '18 Bourke Road',
      city: 'Alexandria',
      province: 'NSW',
      postcode: '2015',
      country_code: 'AU',
    },
    '+61295550142',
    'Alexandria, NSW, AU',
    'AUSYD',
    [-33.9105, 151.1946],
  ),
} as const;

/** The warehouse that ships to a destination country. */
export function warehouseFor(country: string): Warehouse {
  if (country === 'US' || country === 'CA') return WAREHOUSES.RNO;
  if (country === 'GB') return WAREHOUSES.MKY;
  if (country === 'AU') return WAREHOUSES.SYD;
  return WAREHOUSES.LEJ;
}
