/**
 * The countries orders ship to: real cities with believable postcodes, the country's money,
 * tax and phone conventions. Hand-written rather than drawn from faker because faker's city
 * and postcode generators are slow (tens of µs a call) and unrelated to each other, while an
 * order row at scale 100 must be built in a few µs and should read like a real address.
 *
 * Pattern characters used in this file: `#` a digit, `L` an upper-case letter.
 */

export type CountryCode =
  | 'US'
  | 'GB'
  | 'DE'
  | 'FR'
  | 'NL'
  | 'CA'
  | 'AU'
  | 'ES'
  | 'IT'
  | 'SE'
  | 'PL';

export interface City {
  name: string;
  postcode: string;
  /** Province/state code and name, for the countries whose addresses carry one. */
  province: readonly [string, string] | null;
}

export interface Country {
  code: CountryCode;
  name: string;
  currency: string;
  /** Roughly how many units of the currency buy one catalogue price unit (catalogue is in USD). */
  rate: number;
  /** Customer locales, most common first. */
  locales: readonly (readonly [string, number])[];
  /** Tax name and rate; `added` when tax is charged on top of prices (US, CA). */
  tax: { title: string; rate: number; added: boolean };
  /** Street number before the street name ("12 High Street") or after ("Hauptstraße 12"). */
  numberFirst: boolean;
  phones: readonly string[];
  address2: readonly string[];
  companySuffixes: readonly string[];
  emailDomains: readonly string[];
  cities: readonly City[];
}

const city = (name: string, postcode: string, province: readonly [string, string] | null = null) =>
  ({ name, postcode, province }) as const;
/** A city of a country with regions (states, provinces): the region by code and by name. */
const regional =
  (regions: Readonly<Record<string, string>>) => (name: string, region: string, postcode: string) =>
    city(name, postcode, [region, regions[region] ?? region]);

const US_STATES: Record<string, string> = {
  NY: 'New York',
  CA: 'California',
  IL: 'Illinois',
  TX: 'Texas',
  AZ: 'Arizona',
  PA: 'Pennsylvania',
  WA: 'Washington',
  OR: 'Oregon',
  CO: 'Colorado',
  GA: 'Georgia',
  FL: 'Florida',
  MA: 'Massachusetts',
  MN: 'Minnesota',
  TN: 'Tennessee',
  OH: 'Ohio',
  NC: 'North Carolina',
  UT: 'Utah',
  NV: 'Nevada',
  MI: 'Michigan',
};
const us = regional(US_STATES);

const CA_PROVINCES: Record<string, string> = {
  ON: 'Ontario',
  QC: 'Quebec',
  BC: 'British Columbia',
  AB: 'Alberta',
  MB: 'Manitoba',
  NS: 'Nova Scotia',
  SK: 'Saskatchewan',
};
const ca = regional(CA_PROVINCES);

const AU_STATES: Record<string, string> = {
  NSW: 'New South Wales',
  VIC: 'Victoria',
  QLD: 'Queensland',
  WA: 'Western Australia',
  SA: 'South Australia',
  TAS: 'Tasmania',
  ACT: 'Australian Capital Territory',
  NT: 'Northern Territory',
};
const au = regional(AU_STATES);

const NORTH_AMERICAN_UNITS = ['Apt #', 'Apt ##', 'Apt #L', 'Suite ###', 'Unit ##', '# Fl'];

// biome-ignore format: one country per block reads as a table
export const COUNTRIES: Readonly<Record<CountryCode, Country>> = {
  US: {
    code: 'US', name: 'United States', currency: 'USD', rate: 1,
    locales: [['en-US', 92], ['es-US', 6], ['en', 2]],
    tax: { title: 'State Tax', rate: 0.0725, added: true }, numberFirst: true,
    phones: ['+1 ###-###-####', '(###) ###-####', '+1##########', '###-###-####'],
    address2: NORTH_AMERICAN_UNITS, companySuffixes: ['Inc.', 'LLC', 'Co.'],
    emailDomains: ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'hotmail.com', 'aol.com'],
    cities: [
      us('New York', 'NY', '100##'), us('Brooklyn', 'NY', '112##'), us('Los Angeles', 'CA', '900##'),
      us('San Francisco', 'CA', '941##'), us('San Diego', 'CA', '921##'), us('Chicago', 'IL', '606##'),
      us('Houston', 'TX', '770##'), us('Austin', 'TX', '787##'), us('Dallas', 'TX', '752##'),
      us('Phoenix', 'AZ', '850##'), us('Philadelphia', 'PA', '191##'), us('Seattle', 'WA', '981##'),
      us('Portland', 'OR', '972##'), us('Denver', 'CO', '802##'), us('Atlanta', 'GA', '303##'),
      us('Miami', 'FL', '331##'), us('Orlando', 'FL', '328##'), us('Boston', 'MA', '021##'),
      us('Minneapolis', 'MN', '554##'), us('Nashville', 'TN', '372##'), us('Columbus', 'OH', '432##'),
      us('Charlotte', 'NC', '282##'), us('Salt Lake City', 'UT', '841##'), us('Las Vegas', 'NV', '891##'),
      us('Detroit', 'MI', '482##'),
    ],
  },
  GB: {
    code: 'GB', name: 'United Kingdom', currency: 'GBP', rate: 0.79,
    locales: [['en-GB', 95], ['en', 5]],
    tax: { title: 'VAT', rate: 0.2, added: false }, numberFirst: true,
    phones: ['+44 7### ######', '07### ######', '+447#########', '020 #### ####'],
    address2: ['Flat #', 'Flat ##', 'Unit #', 'Apartment ##'], companySuffixes: ['Ltd', 'Ltd.', 'LLP'],
    emailDomains: ['gmail.com', 'hotmail.co.uk', 'btinternet.com', 'outlook.com', 'yahoo.co.uk'],
    cities: [
      city('London', 'E1 #LL'), city('London', 'SW11 #LL'), city('London', 'N7 #LL'),
      city('Manchester', 'M1 #LL'), city('Birmingham', 'B1 #LL'), city('Leeds', 'LS1 #LL'),
      city('Glasgow', 'G1 #LL'), city('Edinburgh', 'EH1 #LL'), city('Bristol', 'BS1 #LL'),
      city('Liverpool', 'L1 #LL'), city('Sheffield', 'S1 #LL'), city('Cardiff', 'CF10 #LL'),
      city('Nottingham', 'NG1 #LL'), city('Brighton', 'BN1 #LL'), city('Oxford', 'OX1 #LL'),
      city('Cambridge', 'CB1 #LL'), city('Newcastle upon Tyne', 'NE1 #LL'), city('Belfast', 'BT1 #LL'),
    ],
  },
  DE: {
    code: 'DE', name: 'Germany', currency: 'EUR', rate: 0.92,
    locales: [['de-DE', 80], ['de', 12], ['en', 8]],
    tax: { title: 'MwSt.', rate: 0.19, added: false }, numberFirst: false,
    phones: ['+49 15# #######', '+49 17# ########', '0151 ########', '030 ########', '+4916#########'],
    address2: ['#. OG', 'Hinterhaus', 'Whg. ##', 'Seitenflügel'], companySuffixes: ['GmbH', 'GmbH & Co. KG', 'UG'],
    emailDomains: ['gmail.com', 'web.de', 'gmx.de', 't-online.de', 'outlook.de'],
    cities: [
      city('Berlin', '10###'), city('Hamburg', '20###'), city('München', '80###'), city('Köln', '50###'),
      city('Frankfurt am Main', '60###'), city('Stuttgart', '70###'), city('Düsseldorf', '40###'),
      city('Leipzig', '04###'), city('Dresden', '01###'), city('Hannover', '30###'), city('Nürnberg', '90###'),
      city('Bremen', '28###'), city('Essen', '45###'), city('Dortmund', '44###'),
      city('Freiburg im Breisgau', '79###'), city('Münster', '48###'), city('Mainz', '55###'),
    ],
  },
  FR: {
    code: 'FR', name: 'France', currency: 'EUR', rate: 0.92,
    locales: [['fr-FR', 88], ['fr', 7], ['en', 5]],
    tax: { title: 'TVA', rate: 0.2, added: false }, numberFirst: true,
    phones: ['+33 6 ## ## ## ##', '06 ## ## ## ##', '+33 7 ## ## ## ##', '01 ## ## ## ##'],
    address2: ['Bâtiment L', 'Appartement ##', 'Escalier #', 'Résidence les Tilleuls'], companySuffixes: ['SARL', 'SAS'],
    emailDomains: ['gmail.com', 'orange.fr', 'free.fr', 'laposte.net', 'hotmail.fr'],
    cities: [
      city('Paris', '750##'), city('Lyon', '6900#'), city('Marseille', '130##'), city('Toulouse', '310##'),
      city('Nice', '060##'), city('Nantes', '440##'), city('Strasbourg', '670##'), city('Montpellier', '340##'),
      city('Bordeaux', '330##'), city('Lille', '590##'), city('Rennes', '350##'), city('Grenoble', '380##'),
    ],
  },
  NL: {
    code: 'NL', name: 'Netherlands', currency: 'EUR', rate: 0.92,
    locales: [['nl-NL', 85], ['nl', 7], ['en', 8]],
    tax: { title: 'BTW', rate: 0.21, added: false }, numberFirst: false,
    phones: ['+31 6 ########', '06-########', '+316########', '020-#######'],
    address2: ['# hoog', 'bis', 'huis', '#-hoog'], companySuffixes: ['B.V.', 'V.O.F.'],
    emailDomains: ['gmail.com', 'hotmail.nl', 'ziggo.nl', 'kpnmail.nl', 'outlook.com'],
    cities: [
      city('Amsterdam', '10## LL'), city('Rotterdam', '30## LL'), city('Den Haag', '25## LL'),
      city('Utrecht', '35## LL'), city('Eindhoven', '56## LL'), city('Groningen', '97## LL'),
      city('Tilburg', '50## LL'), city('Haarlem', '20## LL'), city('Nijmegen', '65## LL'), city('Leiden', '23## LL'),
    ],
  },
  CA: {
    code: 'CA', name: 'Canada', currency: 'CAD', rate: 1.36,
    locales: [['en-CA', 75], ['fr-CA', 22], ['en', 3]],
    tax: { title: 'GST', rate: 0.05, added: true }, numberFirst: true,
    phones: ['+1 ###-###-####', '(###) ###-####', '+1##########'],
    address2: NORTH_AMERICAN_UNITS, companySuffixes: ['Inc.', 'Ltd.', 'Corp.'],
    emailDomains: ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.ca', 'icloud.com'],
    cities: [
      ca('Toronto', 'ON', 'M#L #L#'), ca('Ottawa', 'ON', 'K#L #L#'), ca('Hamilton', 'ON', 'L#L #L#'),
      ca('Montréal', 'QC', 'H#L #L#'), ca('Québec', 'QC', 'G#L #L#'), ca('Vancouver', 'BC', 'V#L #L#'),
      ca('Victoria', 'BC', 'V#L #L#'), ca('Calgary', 'AB', 'T#L #L#'), ca('Edmonton', 'AB', 'T#L #L#'),
      ca('Winnipeg', 'MB', 'R#L #L#'), ca('Halifax', 'NS', 'B#L #L#'), ca('Saskatoon', 'SK', 'S#L #L#'),
    ],
  },
  AU: {
    code: 'AU', name: 'Australia', currency: 'AUD', rate: 1.52,
    locales: [['en-AU', 96], ['en', 4]],
    tax: { title: 'GST', rate: 0.1, added: false }, numberFirst: true,
    phones: ['+61 4## ### ###', '04## ### ###', '+614########', '(02) #### ####'],
    address2: ['Unit #', 'Unit ##', 'Level #', 'Apt ##'], companySuffixes: ['Pty Ltd'],
    emailDomains: ['gmail.com', 'bigpond.com', 'outlook.com', 'icloud.com', 'yahoo.com.au'],
    cities: [
      au('Sydney', 'NSW', '20##'), au('Newcastle', 'NSW', '23##'), au('Melbourne', 'VIC', '30##'),
      au('Geelong', 'VIC', '32##'), au('Brisbane', 'QLD', '40##'), au('Gold Coast', 'QLD', '42##'),
      au('Perth', 'WA', '60##'), au('Adelaide', 'SA', '50##'), au('Hobart', 'TAS', '70##'),
      au('Canberra', 'ACT', '26##'), au('Darwin', 'NT', '08##'),
    ],
  },
  ES: {
    code: 'ES', name: 'Spain', currency: 'EUR', rate: 0.92,
    locales: [['es-ES', 88], ['ca-ES', 5], ['en', 7]],
    tax: { title: 'IVA', rate: 0.21, added: false }, numberFirst: false,
    phones: ['+34 6## ### ###', '6## ## ## ##', '+346########', '91# ### ###'],
    address2: ['#º #ª', 'Ático', 'Bajo', 'Puerta #'], companySuffixes: ['S.L.', 'S.A.'],
    emailDomains: ['gmail.com', 'hotmail.es', 'yahoo.es', 'outlook.es', 'telefonica.net'],
    cities: [
      city('Madrid', '280##'), city('Barcelona', '080##'), city('Valencia', '460##'), city('Sevilla', '410##'),
      city('Zaragoza', '500##'), city('Málaga', '290##'), city('Bilbao', '480##'), city('Palma', '070##'),
      city('Alicante', '030##'), city('Granada', '180##'),
    ],
  },
  IT: {
    code: 'IT', name: 'Italy', currency: 'EUR', rate: 0.92,
    locales: [['it-IT', 90], ['it', 4], ['en', 6]],
    tax: { title: 'IVA', rate: 0.22, added: false }, numberFirst: false,
    phones: ['+39 3## ### ####', '3## #######', '+393#########', '06 ########'],
    address2: ['Scala L', 'Interno ##', 'Piano #', 'Int. #'], companySuffixes: ['S.r.l.', 'S.p.A.', 'S.n.c.'],
    emailDomains: ['gmail.com', 'libero.it', 'hotmail.it', 'virgilio.it', 'yahoo.it'],
    cities: [
      city('Roma', '001##'), city('Milano', '201##'), city('Napoli', '801##'), city('Torino', '101##'),
      city('Palermo', '901##'), city('Bologna', '401##'), city('Firenze', '501##'), city('Genova', '161##'),
      city('Venezia', '301##'), city('Verona', '371##'), city('Bari', '701##'),
    ],
  },
  SE: {
    code: 'SE', name: 'Sweden', currency: 'SEK', rate: 10.6,
    locales: [['sv-SE', 85], ['sv', 5], ['en', 10]],
    tax: { title: 'Moms', rate: 0.25, added: false }, numberFirst: false,
    phones: ['+46 7# ### ## ##', '07#-### ## ##', '+467########', '08-### ### ##'],
    address2: ['Lgh 1###', 'c/o Andersson', 'Lgh 0###', 'Trappa #'], companySuffixes: ['AB', 'HB'],
    emailDomains: ['gmail.com', 'hotmail.se', 'telia.com', 'outlook.com', 'live.se'],
    cities: [
      city('Stockholm', '1## ##'), city('Göteborg', '4## ##'), city('Malmö', '2## ##'),
      city('Uppsala', '75# ##'), city('Västerås', '72# ##'), city('Örebro', '70# ##'),
      city('Linköping', '58# ##'), city('Lund', '22# ##'), city('Umeå', '90# ##'),
    ],
  },
  PL: {
    code: 'PL', name: 'Poland', currency: 'PLN', rate: 3.98,
    locales: [['pl-PL', 90], ['pl', 4], ['en', 6]],
    tax: { title: 'VAT', rate: 0.23, added: false }, numberFirst: false,
    phones: ['+48 ### ### ###', '### ### ###', '+48#########', '22 ### ## ##'],
    address2: ['m. ##', 'lok. #', 'm. #', 'kl. L'], companySuffixes: ['Sp. z o.o.', 'S.A.', 's.c.'],
    emailDomains: ['gmail.com', 'wp.pl', 'o2.pl', 'onet.pl', 'interia.pl'],
    cities: [
      city('Warszawa', '0#-###'), city('Kraków', '3#-###'), city('Łódź', '9#-###'), city('Wrocław', '5#-###'),
      city('Poznań', '6#-###'), city('Gdańsk', '80-###'), city('Szczecin', '7#-###'), city('Lublin', '20-###'),
      city('Katowice', '40-###'), city('Białystok', '15-###'),
    ],
  },
};

/** Sales tax of the US states in the city table (state part only; close enough for a sandbox). */
export const US_STATE_TAX: Readonly<Record<string, number>> = {
  NY: 0.04,
  CA: 0.0725,
  IL: 0.0625,
  TX: 0.0625,
  AZ: 0.056,
  PA: 0.06,
  WA: 0.065,
  OR: 0,
  CO: 0.029,
  GA: 0.04,
  FL: 0.06,
  MA: 0.0625,
  MN: 0.06875,
  TN: 0.07,
  OH: 0.0575,
  NC: 0.0475,
  UT: 0.061,
  NV: 0.0685,
  MI: 0.06,
};

/** Canadian sales tax by province: [title, rate]. HST provinces charge one combined tax. */
export const CA_PROVINCE_TAX: Readonly<Record<string, readonly [string, number]>> = {
  ON: ['HST', 0.13],
  NS: ['HST', 0.15],
  QC: ['GST + QST', 0.14975],
  BC: ['GST + PST', 0.12],
  AB: ['GST', 0.05],
  MB: ['GST + RST', 0.12],
  SK: ['GST + PST', 0.11],
};

export function countryOf(code: string): Country {
  return COUNTRIES[code as CountryCode] ?? COUNTRIES.US;
}

/** The locale a customer most likely uses, for orders created without one. */
export function defaultLocale(country: string): string {
  const c = COUNTRIES[country.toUpperCase() as CountryCode];
  return c?.locales[0]?.[0] ?? 'en';
}
