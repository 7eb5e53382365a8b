/**
 * `npm run contract:gen`: writes shared/contract/method-names.ts, the bridge methods' names as a
 * plain list, from the contract table (shared/contract/bridge-contract.ts). The preload is
 * bundled on its own into a sandboxed renderer process and needs only the allowlist of names,
 * not the schemas (zod), so it reads this list; nobody keeps it by hand. A method added to the
 * contract is one run of this script away from the preload, and scripts/contract-gen.test.ts
 * fails, saying so, while the committed list is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BRIDGE_METHODS } from '../shared/contract/bridge-contract';

export const METHOD_NAMES_FILE = fileURLToPath(
  new URL('../shared/contract/method-names.ts', import.meta.url),
);

/** The contents method-names.ts should have for the contract as it is (Biome's format). */
export function generateMethodNames(names: readonly string[] = BRIDGE_METHODS): string {
  return `/**
 * The bridge methods' names as a plain list, with no zod behind it, in the contract's order.
 * The preload is bundled on its own into a sandboxed renderer process: it needs the allowlist
 * of names, not the schemas, so it imports this file rather than the contract table.
 * Generated from shared/contract/bridge-contract.ts by npm run contract:gen — do not edit.
 */
export const BRIDGE_METHOD_NAMES = Object.freeze([
${names.map((name) => `  '${name}',`).join('\n')}
] as const);

export type BridgeMethodName = (typeof BRIDGE_METHOD_NAMES)[number];

const names: ReadonlySet<string> = new Set(BRIDGE_METHOD_NAMES);

/** True only for a contract method's name (never \`__proto__\`, \`toString\` and the like). */
export function isBridgeMethodName(name: unknown): name is BridgeMethodName {
  return typeof name === 'string' && names.has(name);
}
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const before = readFileSync(METHOD_NAMES_FILE, 'utf8');
  const after = generateMethodNames();
  if (before !== after) writeFileSync(METHOD_NAMES_FILE, after);
  console.log(
    `${before === after ? 'Already up to date' : 'Wrote'}: ${BRIDGE_METHODS.length} method names in shared/contract/method-names.ts.`,
  );
}
