import { describe, expect, expectTypeOf, it } from 'vitest';
import { BRIDGE_METHODS, type BridgeMethod, bridgeContract } from './bridge-contract';
import { BRIDGE_METHOD_NAMES, type BridgeMethodName, isBridgeMethodName } from './method-names';
import type { PreloadApi } from './preload-api';

describe('BRIDGE_METHOD_NAMES (the zod-free allowlist)', () => {
  it('names exactly the contract methods, once each', () => {
    expect([...BRIDGE_METHOD_NAMES].sort()).toEqual(Object.keys(bridgeContract).sort());
    expect(new Set(BRIDGE_METHOD_NAMES).size).toBe(BRIDGE_METHOD_NAMES.length);
    expect([...BRIDGE_METHOD_NAMES]).toEqual([...BRIDGE_METHODS]);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(BRIDGE_METHOD_NAMES)).toBe(true);
  });

  it('has the same element type as BridgeMethod (checked by tsc)', () => {
    expectTypeOf<BridgeMethodName>().toEqualTypeOf<BridgeMethod>();
    expectTypeOf<keyof PreloadApi>().toEqualTypeOf<BridgeMethod | 'onEvent' | 'transport'>();
  });

  it('recognises only contract names', () => {
    for (const name of BRIDGE_METHOD_NAMES) expect(isBridgeMethodName(name)).toBe(true);
    for (const name of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '',
      'ORDERSLIST',
      1,
      null,
      undefined,
      {},
    ]) {
      expect(isBridgeMethodName(name)).toBe(false);
    }
  });
});
