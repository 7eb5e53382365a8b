/**
 * Builds the whole sandbox account from a seed: catalogue → orders → shipping area → returns,
 * and the inventory. Same seed, scale and `now` give the same data, byte for byte.
 */
import { buildCatalog } from './catalog';
import { buildInventory } from './inventory';
import { buildOrderStore, type OrderStoreOptions } from './orders';
import { buildReturns } from './returns';
import { buildShipping } from './shipping';
import type { Dataset, DatasetOptions } from './types';

/** Start of the current UTC day: generated dates are relative to it, so a day's data is stable. */
export function startOfTodayUtc(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function buildDataset(
  options: Partial<DatasetOptions> & {
    /** The order store's clock and tracking step (tests move refreshes on by hand). */
    orderStore?: OrderStoreOptions;
  } = {},
): Dataset {
  const opts: DatasetOptions = {
    seed: options.seed ?? 1,
    scale: options.scale ?? 1,
    now: options.now ?? startOfTodayUtc(),
  };
  const catalog = buildCatalog(opts);
  const orders = buildOrderStore(opts, catalog, options.orderStore);
  const { shipments, trackingEvents } = buildShipping(opts, orders);
  const returns = buildReturns(opts, orders, catalog);
  const inventory = buildInventory(opts, catalog);
  return { options: opts, catalog, orders, shipments, trackingEvents, returns, inventory };
}
