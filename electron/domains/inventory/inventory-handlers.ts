/**
 * Stock levels per product and location, a product's stock, location totals, locations; the
 * supervisor's board, whole-list export and reorder list.
 */
import { asHandlers, type Handlers } from '../../kernel/handler-types';
import { jsonMethod, pageMethod } from '../../kernel/operations/api-deps';
import { inventoryListQuery } from '../../kernel/operations/query';
import {
  type InventoryHandlerDeps,
  inventoryCount,
  inventoryExceptions,
  inventoryExceptionsKept,
} from './inventory-exceptions';
import { inventoryExport, inventoryReorder } from './inventory-lists';
import { inventoryBoardKeep, inventoryBoardKept } from './kept-board';
import { SortedStock } from './sorted-stock';

export function createInventoryHandlers(deps: InventoryHandlerDeps) {
  const sorted = new SortedStock();
  return asHandlers({
    inventoryList: pageMethod(deps, 'inventory_list', (a) => ({
      query: inventoryListQuery(a.filters, a),
    })),
    inventoryGet: jsonMethod(deps, 'inventory_retrieve', (a) => ({
      path: { product_id: a.productId },
    })),
    inventoryLocationStock: jsonMethod(deps, 'inventory_location_stock_retrieve', () => ({})),
    inventoryCount: (args, ctx) => inventoryCount(deps, args.filters, ctx),
    inventoryExceptions: (_args, ctx) => inventoryExceptions(deps, ctx),
    inventoryExceptionsKept: () => inventoryExceptionsKept(deps),
    inventoryBoardKept: () => inventoryBoardKept(deps),
    inventoryBoardKeep: (args) => inventoryBoardKeep(deps, args.board),
    inventorySortedPage: (args, ctx) => sorted.page(deps, args, ctx),
    inventoryExport: (args, ctx) => inventoryExport(deps, args, ctx),
    inventoryReorder: (args, ctx) => inventoryReorder(deps, args, ctx),
    locationsList: jsonMethod(deps, 'locations_list', () => ({})),
    locationsGet: jsonMethod(deps, 'locations_retrieve', (a) => ({ path: { id: a.id } })),
  } satisfies Partial<Handlers>);
}
