/**
 * A stock row's badges. For a row whose product is under recall, the product's stock is read
 * (one request per recalled product, shared by its rows and cached) to see whether the
 * recalled batch is at this row's location: the list's `recall` is product-wide, so without
 * it every location of the product would shout "Mandatory recall".
 */
import { useBridgeQuery } from '../../query/bridge-query';
import { StockBadges } from './stock-badges';
import { recallAtLocation, type StockLevel, stockBadges } from './stock-facts';

/** A recall rarely changes within minutes; a read a minute old is current enough here. */
const RECALL_FRESH_MS = 60_000;

export function StockStatus({ row }: { row: StockLevel }) {
  const recalled = row.recall === 'mandatory' || row.recall === 'voluntary';
  const stock = useBridgeQuery(
    'inventoryGet',
    { productId: row.product_id },
    { enabled: recalled && Number.isInteger(row.product_id), staleTime: RECALL_FRESH_MS },
  );
  const here = stock.data ? recallAtLocation(stock.data, row.location?.id) : undefined;
  return <StockBadges badges={stockBadges(row, Date.now(), here)} />;
}
