import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateMethodNames, METHOD_NAMES_FILE } from './contract-gen';

describe("method-names.ts (the preload's allowlist, generated from the contract)", () => {
  it('is what the contract gives now', () => {
    const committed = readFileSync(METHOD_NAMES_FILE, 'utf8');
    expect(
      committed === generateMethodNames(),
      'shared/contract/method-names.ts is stale: run npm run contract:gen',
    ).toBe(true);
  });

  it('writes each name quoted, one a line, in the order given', () => {
    const text = generateMethodNames(['ordersList', 'packComplete']);
    expect(text).toContain("([\n  'ordersList',\n  'packComplete',\n] as const);");
    expect(text).toContain('do not edit');
  });
});
