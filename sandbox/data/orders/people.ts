/**
 * Cheap, deterministic people and addresses. Names come from faker's locale word lists and
 * street names from faker's generators, but both are drawn once per country into pools: a
 * faker call costs 10–35 µs (and reseeding it 25 µs), which is fine once but not 200,000
 * times. Records then pick from the pools with their own small PRNG, so an order's identity
 * costs about a microsecond and is rebuilt identically whenever the order is materialised.
 */
import { fakerFor, type Rng } from '../seeded';
import { type Country, countryOf } from './geography';

/** Fixed: pools do not depend on the dataset seed (the picks do), so one set serves all builds. */
const POOL_SEED = 0x5eed_0001;
const STREETS_PER_COUNTRY = 80;
const LETTERS = 'ABDEFGHJLNPRSTUWXYZ';

interface Pool {
  first: readonly string[];
  last: readonly string[];
  streets: readonly string[];
}

const pools = new Map<string, Pool>();

function flatten(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (value && typeof value === 'object') return Object.values(value).flatMap(flatten);
  return [];
}

/** faker's locale proxies throw for data a locale lacks; that just means "use the fallback". */
function tryRead(read: () => unknown): unknown {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function poolFor(country: Country): Pool {
  const cached = pools.get(country.code);
  if (cached) return cached;
  const f = fakerFor(country.code, POOL_SEED, 'order', 0);
  const plain = (s: string) => !s.includes('{{') && s.length <= 40;
  const first = flatten(tryRead(() => f.definitions.person.first_name)).filter(plain);
  const last = flatten(tryRead(() => f.definitions.person.last_name)).filter(plain);
  const streets = new Set<string>();
  for (let i = 0; i < STREETS_PER_COUNTRY * 2 && streets.size < STREETS_PER_COUNTRY; i++) {
    const s = f.location.street();
    if (plain(s)) streets.add(s);
  }
  const pool: Pool = {
    first: first.length > 0 ? first : ['Alex', 'Sam', 'Kim'],
    last: last.length > 0 ? last : ['Smith', 'Jones', 'Taylor'],
    streets: streets.size > 0 ? [...streets] : ['Main Street'],
  };
  pools.set(country.code, pool);
  return pool;
}

/** Replaces `#` with a digit and `L` with a letter. */
export function fill(r: Rng, pattern: string): string {
  let out = '';
  for (const ch of pattern) {
    if (ch === '#') out += String(r.int(0, 9));
    else if (ch === 'L') out += LETTERS[r.int(0, LETTERS.length - 1)];
    else out += ch;
  }
  return out;
}

const FOLD: Record<string, string> = { ß: 'ss', ł: 'l', Ł: 'l', ø: 'o', æ: 'ae', đ: 'd' };

/** Folded names: inputs come from the finite name pools, so the cache stays small. */
const folded = new Map<string, string>();

/** Lower-case ASCII for e-mail local parts: "Łucja Nowak-Wójcik" → "lucja", "nowakwojcik". */
export function asciiFold(s: string): string {
  let out = folded.get(s);
  if (out === undefined) {
    out = s
      .replace(/[ßłŁøæđ]/g, (c) => FOLD[c] ?? c)
      .normalize('NFD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase();
    if (folded.size < 100_000) folded.set(s, out);
  }
  return out;
}

export interface Person {
  first: string;
  last: string;
  name: string;
}

export function personIn(r: Rng, countryCode: string): Person {
  const pool = poolFor(countryOf(countryCode));
  const first = r.pick(pool.first);
  const last = r.pick(pool.last);
  return { first, last, name: `${first} ${last}` };
}

export interface PostalAddress {
  address1: string;
  address2: string | null;
  city: string;
  postal_code: string;
  province_code: string | null;
  province_name: string | null;
  country: string;
}

export function addressIn(r: Rng, countryCode: string, address2Chance = 0.22): PostalAddress {
  const country = countryOf(countryCode);
  const pool = poolFor(country);
  const street = r.pick(pool.streets);
  const number = String(r.chance(0.7) ? r.int(1, 199) : r.int(200, 4999));
  const place = r.pick(country.cities);
  let address1: string;
  if (country.numberFirst) address1 = `${number} ${street}`;
  else if (country.code === 'ES') address1 = `${street}, ${number}`;
  else address1 = `${street} ${number}`;
  return {
    address1,
    address2: r.chance(address2Chance) ? fill(r, r.pick(country.address2)) : null,
    city: place.name,
    postal_code: fill(r, place.postcode),
    province_code: place.province?.[0] ?? null,
    province_name: place.province?.[1] ?? null,
    country: country.code,
  };
}

export function phoneIn(r: Rng, countryCode: string): string {
  return fill(r, r.pick(countryOf(countryCode).phones));
}

/** The same number as a ShipmentContact carries it (max 20 chars): "+" and digits. */
export function compactPhone(phone: string, countryCode: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.startsWith('+')) return `+${digits}`.slice(0, 20);
  const prefix = PHONE_PREFIX[countryCode] ?? '';
  const national = digits.startsWith('0') ? digits.slice(1) : digits;
  return `+${prefix}${national}`.slice(0, 20);
}

const PHONE_PREFIX: Record<string, string> = {
  US: '1',
  CA: '1',
  GB: '44',
  DE: '49',
  FR: '33',
  NL: '31',
  AU: '61',
  ES: '34',
  IT: '39',
  SE: '46',
  PL: '48',
};

export function emailFor(r: Rng, person: Person, countryCode: string): string {
  const first = asciiFold(person.first) || 'customer';
  const last = asciiFold(person.last);
  const domain = r.pick(countryOf(countryCode).emailDomains);
  const style = r.int(0, 4);
  let local: string;
  if (style === 0) local = `${first}.${last}`;
  else if (style === 1) local = `${first}${last}${r.int(1, 99)}`;
  else if (style === 2) local = `${first[0]}${last}`;
  else if (style === 3) local = `${first}_${last}${r.int(70, 99)}`;
  else local = `${first}.${last}${r.int(1, 9)}`;
  return `${local}@${domain}`;
}

const COMPANY_WORDS = [
  'Design',
  'Studio',
  'Trading',
  'Consulting',
  'Workshop',
  'Supply',
  'Partners',
  'Labs',
];

export function companyIn(r: Rng, countryCode: string): string {
  const country = countryOf(countryCode);
  const pool = poolFor(country);
  const a = r.pick(pool.last);
  const suffix = r.pick(country.companySuffixes);
  if (r.chance(0.35)) return `${a} & ${r.pick(pool.last)} ${suffix}`;
  return `${a} ${r.pick(COMPANY_WORDS)} ${suffix}`;
}

/** A random lower-case hex string of `length` characters. */
export function hex(r: Rng, length: number): string {
  let out = '';
  while (out.length < length)
    out += Math.floor(r.next() * 0x10000)
      .toString(16)
      .padStart(4, '0');
  return out.slice(0, length);
}

/** A string of `length` random digits, the first not zero. */
export function digits(r: Rng, length: number): string {
  let out = String(r.int(1, 9));
  for (let i = 1; i < length; i++) out += String(r.int(0, 9));
  return out;
}
