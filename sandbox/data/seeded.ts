/**
 * Deterministic randomness. Every record is generated from its own seed (dataset seed, domain,
 * record number), so a record can be rebuilt on demand, identically, without generating the
 * records before it: that is what lets the order list at scale 100 keep compact rows in memory
 * and materialise full objects one page at a time. faker supplies realistic names and addresses
 * per country; its seeded generator is reseeded per record.
 */
import {
  type Faker,
  fakerDE,
  fakerEN_AU,
  fakerEN_CA,
  fakerEN_GB,
  fakerEN_US,
  fakerES,
  fakerFR,
  fakerIT,
  fakerNL,
  fakerPL,
  fakerSV,
} from '@faker-js/faker';

/** Countries the sandbox ships to, with the faker locale that makes plausible local data. */
export const COUNTRY_FAKERS: Readonly<Record<string, Faker>> = {
  US: fakerEN_US,
  GB: fakerEN_GB,
  DE: fakerDE,
  FR: fakerFR,
  NL: fakerNL,
  CA: fakerEN_CA,
  AU: fakerEN_AU,
  ES: fakerES,
  IT: fakerIT,
  SE: fakerSV,
  PL: fakerPL,
};

export type Domain =
  | 'catalog'
  | 'order'
  | 'shipment'
  | 'event'
  | 'return'
  | 'location'
  | 'stock'
  | 'movement';

const DOMAIN_SALT: Record<Domain, number> = {
  catalog: 0x1b873593,
  order: 0x2c1b3c6d,
  shipment: 0x297a2d39,
  event: 0x5bd1e995,
  return: 0x68e31da4,
  location: 0x7feb352d,
  stock: 0x846ca68b,
  movement: 0x9e3779b9,
};

/** A 32-bit mix of (seed, domain, n): distinct, well-spread seeds for neighbouring records. */
export function recordSeed(seed: number, domain: Domain, n: number): number {
  let h = (seed ^ DOMAIN_SALT[domain]) >>> 0;
  h = Math.imul(h ^ (n >>> 0), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Small, fast PRNG (mulberry32) for choices that need no locale data. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }
}

/** The PRNG for one record. */
export function rngFor(seed: number, domain: Domain, n: number): Rng {
  return new Rng(recordSeed(seed, domain, n));
}

/** faker for one country, reseeded for one record (faker instances are shared: use at once). */
export function fakerFor(country: string, seed: number, domain: Domain, n: number): Faker {
  const f = COUNTRY_FAKERS[country] ?? fakerEN_US;
  f.seed(recordSeed(seed, domain, n));
  return f;
}

/** A D(i,f) decimal string with two fraction digits. */
export function money(value: number): string {
  return value.toFixed(2);
}

/** ISO date-time `minutes` before `now`. */
export function minutesBefore(now: Date, minutes: number): string {
  return new Date(now.getTime() - Math.round(minutes) * 60_000).toISOString();
}
