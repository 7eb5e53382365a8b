/**
 * The budget source follows the console's floor (issue 29): none configured, or not online,
 * and requests go straight to the station's own limiter without asking any bucket; joined,
 * they take the tokens of that floor's bucket for the current account; the floor or the
 * account changed at run time, and the next request asks the new one's bucket. The bucket is
 * the in-memory stand-in (memory-budget-store.ts); the real database is in
 * electron/main/floor-budget.pg.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { BudgetedLimiter } from '../../../kernel/api/budgeted-limiter';
import type { FloorDb } from '../db/floor-db';
import type { FloorStatus } from '../floor-types';
import { budgetAccount, FloorBudgetSource } from './floor-budget-source';
import { MemoryBucket } from './memory-budget-store';

const clock = { now: () => Date.now() };

function rig() {
  const host: { db: FloorDb | null; status: FloorStatus } = {
    db: null,
    status: 'not-configured',
  };
  let account: string | null = 'https://api.example.com key 0123456789ab';
  const buckets = new Map<string, MemoryBucket>();
  const asked: string[] = [];
  const source = new FloorBudgetSource({
    floor: {
      get db() {
        return host.db;
      },
      status: () => host.status,
    },
    account: () => account,
    station: () => 'Packing bench 1',
    startRate: () => 10,
    storeFor: (db, name) => {
      const key = `${(db as unknown as { name: string }).name} ${name}`;
      asked.push(key);
      let bucket = buckets.get(key);
      if (!bucket) {
        bucket = new MemoryBucket(clock, 10);
        buckets.set(key, bucket);
      }
      return bucket.store();
    },
  });
  const limiter = new BudgetedLimiter({ budget: source });
  const request = async () => {
    const slot = await limiter.acquire('interactive');
    slot.answered();
  };
  const floor = (name: string) => {
    host.db = { name } as unknown as FloorDb;
    host.status = 'online';
  };
  return {
    host,
    source,
    request,
    floor,
    asked,
    // Requests that took the bucket's tokens: leased before, or (a person's, on the station's
    // credit) paid after.
    leases: (key: string) => {
      const bucket = buckets.get(key);
      return bucket ? bucket.leases + bucket.spent : 0;
    },
    setAccount: (name: string | null) => {
      account = name;
    },
  };
}

describe('FloorBudgetSource', () => {
  it('with no floor, asks no bucket and lets requests through', async () => {
    const r = rig();
    expect(r.source.active()).toBe(false);
    await r.request();
    await r.request();
    expect(r.asked).toEqual([]);
    expect(r.source.leases).toBeNull();
  });

  it('takes tokens from the current floor and follows a change of floor or account', async () => {
    const r = rig();
    r.floor('floor-a');
    await r.request();
    expect(r.source.active()).toBe(true);
    expect(r.asked).toEqual(['floor-a https://api.example.com key 0123456789ab']);
    expect(r.leases('floor-a https://api.example.com key 0123456789ab')).toBe(1);

    // Settings → Floor saves another database: the next request asks that floor's bucket.
    r.floor('floor-b');
    await r.request();
    expect(r.asked.at(-1)).toBe('floor-b https://api.example.com key 0123456789ab');
    expect(r.leases('floor-b https://api.example.com key 0123456789ab')).toBe(1);

    // Another connection selected: another account, another bucket.
    r.setAccount('http://127.0.0.1:9 key ba9876543210');
    await r.request();
    expect(r.asked.at(-1)).toBe('floor-b http://127.0.0.1:9 key ba9876543210');
    expect(r.asked).toHaveLength(3);
  });

  it('with the floor offline or removed, requests go on alone without asking', async () => {
    const r = rig();
    r.floor('floor-a');
    await r.request();
    r.host.status = 'offline';
    expect(r.source.active()).toBe(false);
    await r.request();
    expect(r.leases('floor-a https://api.example.com key 0123456789ab')).toBe(1);
    r.host.db = null;
    r.host.status = 'not-configured';
    await r.request();
    expect(r.asked).toHaveLength(1);
    expect(r.source.leases).toBeNull();
  });

  it('names an account by its address and a fingerprint, never by its key', () => {
    const key = 'pk_live_secret_0123456789';
    const name = budgetAccount('https://api.example.com', key);
    expect(name).toMatch(/^https:\/\/api\.example\.com key [0-9a-f]{12}$/);
    expect(name).not.toContain(key);
    expect(budgetAccount('https://api.example.com', 'pk_other')).not.toBe(name);
  });
});
