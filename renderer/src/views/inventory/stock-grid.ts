/**
 * The stock rows' grid as the stock levels list and the expired rows show it: the same test id
 * (the end-to-end suites read both the same way), columns and row attributes.
 */
import { STOCK_COLUMNS, stockRowData, stockRowId } from '../../features/inventory/stock-columns';

export const STOCK_GRID = {
  testId: 'stock-grid',
  columns: STOCK_COLUMNS,
  rowId: stockRowId,
  rowData: stockRowData,
};
