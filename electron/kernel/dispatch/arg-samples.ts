/**
 * A domain's sample arguments (electron/domains/<domain>/<domain>-samples.ts): one valid
 * argument object for each of its bridge methods, checked against the contract by
 * `satisfies ArgSamples`. The dispatcher's and the transports' tests call every method with
 * them (electron/test-support/valid-args.ts), so a new method needs no edit of those tests.
 */
import type { ArgsOf, BridgeMethod } from '@shared/contract/bridge-contract';

export type ArgSamples = { readonly [M in BridgeMethod]?: ArgsOf<M> };
