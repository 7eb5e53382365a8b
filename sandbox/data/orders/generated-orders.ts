/**
 * Lets the shipping area reach the plans behind a store built by `buildOrderStore`: it must
 * derive ~100,000 shipments at scale 100, and materialising each order through `get` would
 * cost ten times more than replanning it. Stores of any other origin are not registered.
 */
import type { OrderStore } from '../types';
import type { OrderContext } from './order-plan';

const registry = new WeakMap<OrderStore, OrderContext>();

export function registerGenerated(store: OrderStore, ctx: OrderContext): void {
  registry.set(store, ctx);
}

/** The generation context of a store made by `buildOrderStore`, or undefined. */
export function generatedContextOf(store: OrderStore): OrderContext | undefined {
  return registry.get(store);
}
