/**
 * The inventory's API object types, from the generated OpenAPI types. The spec marks the
 * nested objects' fields optional, but the sandbox always sends all of them: the `Required`
 * forms below let the code rely on that and still type-check against the spec's shapes.
 */
import type { components, Location, StockLevel } from '../../../shared/api/schema.gen';

export type {
  Location,
  LocationStockTotals,
  ProductStock,
  ProductStockBatch,
  ProductStockLocation,
  StockLevel,
} from '../../../shared/api/schema.gen';

type S = components['schemas'];
export type LocationType = Location['location_type'];
export type InventoryMovementSummary = Required<S['InventoryMovementSummary']>;
export type InventoryLocationRef = Required<S['InventoryLocationRef']>;
export type InventoryBinRef = Required<S['InventoryBinRef']>;
export type InventoryBatchRef = Required<S['InventoryBatchRef']>;
export type LocationStockTotal = Required<S['LocationStockTotal']>;
export type ProductStockBin = Omit<Required<S['ProductStockBin']>, 'bin'> & {
  bin: InventoryBinRef | null;
};
/** A StockLevel as the sandbox builds it: its location reference complete. */
export type StockRow = Omit<StockLevel, 'location'> & { location: InventoryLocationRef };
