/**
 * Every contract method has one sample of valid arguments, beside its domain
 * (electron/domains/<domain>/<domain>-samples.ts), and the contract's own schema takes it. The
 * dispatcher's, the transports' and the key-hygiene tests call every method with these, so a
 * method without a sample is named here rather than skipped there.
 */
import { BRIDGE_METHODS, bridgeContract } from '@shared/contract/bridge-contract';
import { describe, expect, it } from 'vitest';
import { SAMPLES_BY_DOMAIN, VALID_ARGS } from '../test-support/valid-args';

const where = new Map<string, string[]>();
for (const [domain, samples] of Object.entries(SAMPLES_BY_DOMAIN)) {
  for (const method of Object.keys(samples)) {
    where.set(method, [...(where.get(method) ?? []), domain]);
  }
}

describe('sample arguments beside each domain', () => {
  it('has one for every contract method', () => {
    const missing = BRIDGE_METHODS.filter((m) => !where.has(m)).map(
      (m) => `${m}: no sample (add one to electron/domains/<its domain>/<domain>-samples.ts)`,
    );
    expect(missing).toEqual([]);
  });

  it('has no method twice and none the contract does not know', () => {
    const twice = [...where].filter(([, domains]) => domains.length > 1);
    expect(twice).toEqual([]);
    const known = new Set<string>(BRIDGE_METHODS);
    expect([...where.keys()].filter((m) => !known.has(m))).toEqual([]);
  });

  it.each(BRIDGE_METHODS)('%s: its sample is valid by the contract', (method) => {
    const parsed = bridgeContract[method].args.safeParse(VALID_ARGS[method]);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});
