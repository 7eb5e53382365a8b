/**
 * Order creates floor-wide through the whole composition (issue 29): two consoles composed as
 * browser mode composes them (createBridge, each its own config folder and station), both on
 * one floor database (the cluster of scripts/with-postgres.sh) and one sandbox behind a proxy.
 * Console 1 sends a draft; the proxy cuts its connection at once and forwards the create only
 * later (the fault campaign's slow create, whose answer never reached the console), so console
 * 1 does not know whether the order was made. Console 2 sends the same draft meanwhile. What
 * the warehouse checks: the service holds exactly one order for the draft, both consoles show
 * that one, and console 2 never sent it. Each step waits on an event of the proxy, never on a
 * clock.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { floorSettingsFor, NO_CLUSTER, pgSkip } from '../domains/floor/test-support/floor-database';
import { testDatabaseForFile } from '../domains/floor/test-support/test-database-for-file';
import { floorDraft, heldSandboxForFile } from '../domains/orders/test-support/held-sandbox';
import { composedFloorConsolesForFile } from '../test-support/composed-floor-console';

const KEY = 'pk_floor_composed_0123456789';
const floor = testDatabaseForFile('creates');
const api = heldSandboxForFile({ key: KEY, seed: 11, run: !pgSkip });
const openFloorConsole = composedFloorConsolesForFile('packbench-floor-creates-');

/** A console composed whole, on the proxy's connection and on the floor, named `name`. */
const floorConsole = (name: string) =>
  openFloorConsole({
    station: name,
    connection: { name: 'Proxy', baseUrl: api.proxy.url, apiKey: KEY },
    floor: floorSettingsFor(floor.db),
  });

describe.skipIf(pgSkip)(`the same draft from two composed consoles (${NO_CLUSTER})`, () => {
  it('makes one order: the second console waits for the first create instead of sending', {
    timeout: 180_000,
  }, async () => {
    const one = await floorConsole('Packing bench 1');
    const two = await floorConsole('Packing bench 2');
    const reference = randomUUID();
    // Console 1's create: its connection cut at once, the create itself forwarded on release.
    api.proxy.plan.push('reset-then-forward');
    const first = one('ordersCreate', { order: floorDraft(reference), reference });
    // Console 1 has lost its answer and is looking the order up (not found yet).
    await api.proxy.whenLookupsPast(0);
    expect(
      await floor.db.rows('SELECT station FROM floor_pending_creates WHERE reference = $1', [
        reference,
      ]),
    ).toEqual([{ station: 'Packing bench 1' }]);
    const second = two('ordersCreate', { order: floorDraft(reference), reference });
    // Console 2 looks too (the floor said the draft is being sent from bench 1), and sends not.
    const looked = api.proxy.lookupsAnswered;
    await api.proxy.whenLookupsPast(looked + 1);
    expect(api.proxy.forwarded).toBe(0);
    await api.proxy.release();
    const [a, b] = await Promise.all([first, second]);
    expect(api.storedWith(reference)).toEqual([a.id]);
    expect(b.id).toBe(a.id);
    // Only console 1's create reached the service.
    expect(api.proxy.forwarded).toBe(1);
  });
});
